import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../services/account/src/seeds';
import { startRealStack, type RealStack } from './support/real-stack';
import { asText, invalid, nastyString, valid, type Schema } from './fuzz-inputs';

/**
 * Every operation of the aggregated /api/docs document, through the gateway to the real services on a fresh
 * seeded database, with generated valid and invalid path, query and body values, as a visitor, a member and
 * an operator. Bad input must be a 4xx; any 5xx fails (no service is down here, so a 503 counts too).
 * FUZZ_RUNS: inputs per operation, role and kind (valid, invalid); FUZZ_SEED: the generator's seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Role = 'visitor' | 'member' | 'admin';

/** Operations that end the caller's session (or account) go last, so the others run signed in. */
const SESSION_ENDING = /\/(logout|setWithdrawal|user\/password|change\/password)/;
/** The fuzzer's own address: its failed sign-ins must not lock the addresses the roles sign in from. */
const FUZZ_ADDRESS = '10.9.0.1';

let stack: RealStack;
let operations: { method: string; path: string; operation: Operation }[] = [];
const tokens: Partial<Record<Role, string>> = {};

/** Signs the demo account in; false when it cannot (the fuzzer may have withdrawn it or changed its password). */
async function signIn(role: Exclude<Role, 'visitor'>): Promise<boolean> {
  const account = DEMO_ACCOUNTS[role];
  const response = await stack.gateway.inject({
    method: 'POST',
    url: '/api/signin',
    payload: account,
    remoteAddress: `10.9.1.${role === 'admin' ? 2 : 1}`,
  });
  if (response.statusCode !== 200) return false;
  tokens[role] = response.json().userData.token as string;
  return true;
}

beforeAll(async () => {
  // Timed jobs are not what the fuzzer looks at; requests still enqueue them.
  stack = await startRealStack({ jobWorkers: false });
  const document = (await stack.gateway.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    )
    .sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));
  expect(await signIn('member')).toBe(true);
  expect(await signIn('admin')).toBe(true);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

/** Text that can go into a URL unencoded (so a broken `%` escape reaches the gateway as such). */
const RAW_SAFE = /^[\x21-\x7e]*$/;
const urlText = (value: unknown, raw: boolean) => {
  const text = asText(value);
  // A surrogate half has no UTF-8 form (encodeURIComponent throws): it goes as U+FFFD, as a browser sends it.
  return raw && RAW_SAFE.test(text) && !/[/?#&=]/.test(text) ? text : encodeURIComponent(Buffer.from(text).toString());
};

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** One generated request for the operation: valid values everywhere, or invalid ones somewhere. */
function requestArbitrary(
  method: string,
  path: string,
  operation: Operation,
  kind: 'valid' | 'invalid',
): fc.Arbitrary<Request> {
  const parameters = operation.parameters ?? [];
  const gen = kind === 'valid' ? valid : invalid;
  const values = fc.tuple(
    ...parameters.map((p) =>
      p.in === 'header'
        ? fc.string({ unit: fc.constantFrom(...'abcdef0123456789-'), minLength: 8, maxLength: 40 })
        : gen(p.schema),
    ),
  );
  // A parameter left out: required ones must be answered 4xx too.
  const dropped = fc.option(fc.nat({ max: Math.max(parameters.length - 1, 0) }), { freq: kind === 'invalid' ? 3 : 20 });
  const content = operation.requestBody?.content ?? {};
  const body: fc.Arbitrary<string | Buffer | undefined> = content['multipart/form-data']
    ? fc.constant(undefined)
    : content['application/json'] || (method !== 'GET' && method !== 'DELETE')
      ? fc.oneof(
          {
            weight: 6,
            arbitrary: gen(content['application/json']?.schema).map((value) => JSON.stringify(value ?? null)),
          },
          {
            weight: kind === 'invalid' ? 1 : 0,
            arbitrary: fc.constantFrom('{"a":', '', 'null', '"\\u0000"', '{"x":"\\ud800"}', '[1,2,'),
          },
        )
      : fc.constant(undefined);
  return fc.tuple(values, dropped, body, fc.boolean()).map(([generated, drop, payload, raw]) => {
    let url = path;
    const query: string[] = [];
    const headers: Record<string, string> = {};
    parameters.forEach((parameter, index) => {
      if (drop === index && parameter.in !== 'path') return;
      const value = generated[index];
      if (parameter.in === 'path')
        url = url.replace(`{${parameter.name}}`, urlText(value, kind === 'invalid' && raw) || 'x');
      else if (parameter.in === 'query')
        query.push(`${encodeURIComponent(parameter.name)}=${urlText(value, kind === 'invalid' && raw)}`);
      else headers[parameter.name] = asText(value);
    });
    if (query.length) url += `?${query.join('&')}`;
    if (content['multipart/form-data']) {
      const upload = multipart(kind);
      return { method, url, headers: { ...headers, ...upload.headers }, payload: upload.payload };
    }
    return payload === undefined
      ? { method, url, headers }
      : { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload };
  });
}

/** An upload: a tiny real PNG, or bytes that only claim to be an image. */
function multipart(kind: 'valid' | 'invalid'): { headers: Record<string, string>; payload: Buffer } {
  const boundary = `----sqfuzz${randomBytes(6).toString('hex')}`;
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6300010000050001' +
      '0d0a2db40000000049454e44ae426082',
    'hex',
  );
  const bytes = kind === 'valid' ? png : randomBytes(64);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

describe('fuzzing every documented operation through the gateway', () => {
  it('never answers 5xx, whatever the input and whoever asks', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (const [index, { method, path, operation }] of operations.entries()) {
      for (const role of ['visitor', 'member', 'admin'] as Role[]) {
        let revoked = false;
        for (const kind of ['valid', 'invalid'] as const) {
          const samples = fc.sample(requestArbitrary(method, path, operation, kind), {
            numRuns: RUNS,
            seed: SEED + index,
          });
          for (const request of samples) {
            const authorization = role === 'visitor' ? {} : { authorization: `Bearer ${tokens[role]}` };
            const response = await stack.gateway.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: { ...request.headers, ...authorization },
              remoteAddress: FUZZ_ADDRESS,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            requests += 1;
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            if (response.statusCode >= 500) {
              failures.push(
                `${response.statusCode} ${role} ${request.method} ${request.url} ${typeof request.payload === 'string' ? request.payload.slice(0, 300) : ''} -> ${response.body.slice(0, 200)}`,
              );
            }
            if (response.statusCode === 401 && role !== 'visitor') revoked = true;
          }
        }
        // The operation may have signed the role out (logout, password change): sign in again for the next one.
        if (revoked && role !== 'visitor') await signIn(role);
      }
    }
    console.log(
      `fuzz: ${operations.length} operations, ${requests} requests, ${failures.length} with 5xx, ${Math.round((Date.now() - started) / 1000)} s (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED}); by status ${JSON.stringify(statuses)}`,
    );
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  }, 600_000);

  it('generates nasty text the services must refuse, NUL included', () => {
    expect(fc.sample(nastyString, { numRuns: 200, seed: SEED }).some((s) => s.includes('\u0000'))).toBe(true);
  });
});
