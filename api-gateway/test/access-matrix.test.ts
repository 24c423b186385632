import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, type AccessRow, type Expected } from './access-matrix';
import { PNG, createAccessFixtures, type AccessFixtures } from './support/access-fixtures';
import { requestFor } from './support/access-requests';
import { startRealStack, type RealStack } from './support/real-stack';

/**
 * The authorization matrix (access-matrix.ts) against the real back end: the five services on fresh databases
 * behind the real gateway, with two members, their records and an operator made through the API.
 */
const CALLERS = ['visitor', 'other', 'operator', 'member'] as const satisfies readonly (keyof AccessRow)[];
const STRANGERS = CALLERS.filter((caller) => caller !== 'member');
/** Operations after which the callers sign in again: they end the caller's session. */
const SESSION_ENDING = new Set(['GET /api/logout']);

let stack: RealStack;
let fx: AccessFixtures;
let documented: string[];

beforeAll(async () => {
  stack = await startRealStack();
  fx = await createAccessFixtures(stack);
  const docs = await fx.call('GET', '/api/docs/json');
  const paths = (docs.body?.paths ?? {}) as Record<string, Record<string, unknown>>;
  documented = Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}, 240_000);

afterAll(() => stack?.stop());

const matches = (expected: Expected, status: number) =>
  typeof expected === 'number' ? status === expected : Math.floor(status / 100) === Number(expected[0]);

function tokenOf(caller: (typeof CALLERS)[number]): string | null {
  if (caller === 'visitor') return null;
  return fx[caller].token;
}

describe('uploaded images, stored in the object store as deployed', () => {
  it("come back through the gateway byte for byte, with the service's type, cache and sandbox headers", async () => {
    const served = await fetch(`${stack.url}/media/uploads/${fx.member.imgId}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('authorization matrix', () => {
  it("has exactly one row per operation of the gateway's OpenAPI document", () => {
    // The document must list the API (a failed aggregation would leave it empty and prove nothing).
    expect(documented.length).toBeGreaterThan(100);
    const missing = documented.filter((op) => !(op in ACCESS_MATRIX));
    const stale = Object.keys(ACCESS_MATRIX).filter((op) => !documented.includes(op));
    expect(missing, 'operations without a row in access-matrix.ts').toEqual([]);
    expect(stale, 'rows of access-matrix.ts naming no operation').toEqual([]);
  });

  for (const [op, row] of Object.entries(ACCESS_MATRIX)) {
    it(op, async () => {
      const method = op.slice(0, op.indexOf(' '));
      const ask = async (caller: (typeof CALLERS)[number]): Promise<string | null> => {
        const request = requestFor(op, fx);
        const answer = await fx.call(method, request.path, { token: tokenOf(caller), body: request.body });
        if (!matches(row[caller], answer.status))
          return `${caller}: expected ${row[caller]}, got ${answer.status} ${JSON.stringify(answer.body)}`;
        // A refusal is the envelope with a Korean message, never a bare error.
        if (answer.status >= 400 && !(answer.body?.ErrorCode !== '00' && /[가-힣]/.test(String(answer.body?.message))))
          return `${caller}: ${answer.status} without a Korean envelope`;
        return null;
      };
      // The strangers first (side by side: none of them can change the member's record), then the member, whose
      // own request may consume it (a deletion, a cancellation).
      const strangers = await Promise.all(STRANGERS.map(ask));
      const wrong = [...strangers, await ask('member')].filter((problem) => problem !== null);
      if (SESSION_ENDING.has(op)) await fx.refreshTokens();
      expect(wrong).toEqual([]);
    });
  }
});
