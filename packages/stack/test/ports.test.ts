import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS_PORTS, SERVICE_PORTS } from '@sq/service-kit';
import { FETCH_BAD_PORTS } from '../src/fetch-bad-ports';
import { FREE_PORT_RANGE, freePort } from '../src/free-port';
import { ROOT } from '../src/paths';
import { EMBEDDED_PG_PORT, GATEWAY_PORT, PEER_PORTS } from '../src/ports';

const { DEV_SERVER_PORTS } = createRequire(import.meta.url)(
  path.join(ROOT, 'packages/mf-config/src/dev-ports.cjs'),
) as { DEV_SERVER_PORTS: Record<string, number> };

/** Every fixed port of `npm start` and the dev servers, read from the modules that define them. */
const CONFIGURED: [what: string, port: number][] = [
  ['gateway', GATEWAY_PORT],
  ['embedded PostgreSQL', EMBEDDED_PG_PORT],
  ...Object.entries(SERVICE_PORTS).map(([name, port]): [string, number] => [`${name} service`, port]),
  ...Object.entries(PEER_PORTS).map(([name, port]): [string, number] => [`${name} peer`, port]),
  ...Object.entries(DEV_SERVER_PORTS).map(([name, port]): [string, number] => [`${name} dev server`, port]),
  ...Object.entries(OPS_PORTS).map(([name, port]): [string, number] => [`${name} ops`, port]),
];

/** Why Node's fetch refuses the port, or null when it tries to connect (whatever happens then). */
async function fetchRefusal(port: number): Promise<string | null> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return null;
  } catch (error) {
    const cause = (error as Error).cause;
    return cause instanceof Error && cause.message === 'bad port' ? 'bad port' : null;
  }
}

describe('the fixed ports', () => {
  it('are all reachable by fetch: none is on the Fetch standard’s bad-port list', () => {
    expect(CONFIGURED.length).toBe(2 + 5 + 4 + 5 + 7);
    expect(CONFIGURED.filter(([, port]) => FETCH_BAD_PORTS.has(port))).toEqual([]);
  });

  it('are not refused by Node’s own fetch either', async () => {
    for (const [what, port] of CONFIGURED)
      expect(`${what} ${port}: ${await fetchRefusal(port)}`).toBe(`${what} ${port}: null`);
  });

  it('are checked against a list Node’s fetch agrees with', async () => {
    for (const port of FETCH_BAD_PORTS) expect(`${port}: ${await fetchRefusal(port)}`).toBe(`${port}: bad port`);
    expect(await fetchRefusal(4191)).toBeNull();
  });
});

describe('the ports test runs take', () => {
  it('come from below the ephemeral range, off the fixed and bad ports, and are free when handed out', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(FREE_PORT_RANGE.first);
      expect(port).toBeLessThan(32_768);
      expect(FETCH_BAD_PORTS.has(port)).toBe(false);
    }
    expect(CONFIGURED.filter(([, port]) => port >= FREE_PORT_RANGE.first && port <= FREE_PORT_RANGE.last)).toEqual([]);
  });

  it('skips a port someone already listens on', async () => {
    const taken = await freePort();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(taken + 1, '127.0.0.1', resolve));
    try {
      expect(await freePort()).not.toBe(taken + 1);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
