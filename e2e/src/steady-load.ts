import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';

/**
 * Steady traffic through the site's front door, as visitors and API consumers send it: several clients, each
 * on its own keep-alive connections (undici, which closes an idle connection before the server's Keep-Alive
 * timeout as browsers and proxies do with their own), none retrying anything. The kinds of request: public and
 * member GETs, a member's POST without an Idempotency-Key (never sent twice by anyone), and an API consumer's
 * POST with one. Each answers 200 with nothing restarting; a request fails when it gets another status or no
 * answer at all.
 */
export interface SteadyLoad {
  stop(): Promise<void>;
  outcomes(): { sent: number; failed: string[] };
  /** Requests sent, by kind. */
  byKind(): Record<string, number>;
}

interface Kind {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers(): Record<string, string>;
  body?(): string;
}

/** `member`: a member's token; `joinId`: an application of that member, which the POST reads. */
export async function steadyLoad(
  baseUrl: string,
  options: { member: string; joinId: number; address: () => string; clients: number },
): Promise<SteadyLoad> {
  const { member, joinId, address } = options;
  const json = { 'content-type': 'application/json' };
  const asMember = () => ({ authorization: `Bearer ${member}` });
  const setup = new Agent();
  const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) => {
    const answer = await request(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, 'x-forwarded-for': address() },
      body,
      dispatcher: setup,
    });
    return { status: answer.statusCode, text: await answer.body.text() };
  };
  // An API consumer's token that may write a career card.
  const created = await call(
    'POST',
    '/api/tokens',
    { ...asMember(), ...json },
    JSON.stringify({ name: '무중단 배포 부하', scopes: ['careercard:write'], expiresInDays: 1 }),
  );
  if (created.status !== 200) throw new Error(`personal token not created: ${created.status} ${created.text}`);
  const consumer = (JSON.parse(created.text) as { token: string }).token;
  await setup.close();

  const kinds: Kind[] = [
    { name: 'GET /api/products', method: 'GET', path: '/api/products', headers: () => ({}) },
    { name: 'GET /api/join/history', method: 'GET', path: '/api/join/history', headers: asMember },
    {
      name: 'POST /api/join/history/one',
      method: 'POST',
      path: '/api/join/history/one',
      headers: () => ({ ...asMember(), ...json }),
      body: () => JSON.stringify({ joinId }),
    },
    {
      name: 'POST /api/updateMyinfo (Idempotency-Key)',
      method: 'POST',
      path: '/api/updateMyinfo',
      headers: () => ({ authorization: `Bearer ${consumer}`, 'idempotency-key': randomUUID(), ...json }),
      body: () => JSON.stringify({ intro: '무중단 배포 중에도 답을 받는 소개' }),
    },
  ];
  const agents = Array.from({ length: options.clients }, () => new Agent());
  const send = async (kind: Kind, dispatcher: Agent) => {
    const answer = await request(`${baseUrl}${kind.path}`, {
      method: kind.method,
      headers: { ...kind.headers(), 'x-forwarded-for': address() },
      body: kind.body?.(),
      dispatcher,
    });
    return { status: answer.statusCode, text: await answer.body.text() };
  };
  for (const kind of kinds) {
    const { status, text } = await send(kind, agents[0]!);
    if (status !== 200) throw new Error(`${kind.name} fails before any restart: ${status} ${text.slice(0, 200)}`);
  }

  let stopped = false;
  let sent = 0;
  const failed: string[] = [];
  const counts: Record<string, number> = Object.fromEntries(kinds.map((kind) => [kind.name, 0]));
  const client = async (dispatcher: Agent, offset: number) => {
    for (let i = offset; !stopped; i++) {
      const kind = kinds[i % kinds.length]!;
      sent += 1;
      counts[kind.name]! += 1;
      try {
        const { status, text } = await send(kind, dispatcher);
        if (status !== 200) failed.push(`${kind.name}: ${status} ${text.slice(0, 200)}`);
      } catch (error) {
        const cause = error as { code?: string; message: string };
        failed.push(`${kind.name}: ${cause.code ?? ''} ${cause.message}`);
      }
    }
  };
  const running = agents.map((agent, i) => client(agent, i));
  return {
    async stop() {
      stopped = true;
      await Promise.all(running);
      await Promise.all(agents.map((agent) => agent.close()));
    },
    outcomes: () => ({ sent, failed: [...failed] }),
    byKind: () => ({ ...counts }),
  };
}
