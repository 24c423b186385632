import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MESSAGES } from '@sq/contracts/messages';
import { apiGet, configureApiClient } from './client';
import { ApiError } from './errors';
import { json, startTestServer } from './test-server';

// axios is its own chunk, fetched on the first request: here that fetch fails once, as on a network blip.
let failures = 1;
vi.mock('axios', async (importOriginal) => {
  if (failures > 0) {
    failures -= 1;
    throw new Error('Loading chunk axios failed');
  }
  return importOriginal();
});

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ '/api/ok': (_req, res) => json(res, 200, { ErrorCode: '00', value: 42 }) });
  configureApiClient({ baseURL: server.baseURL, timeout: 5_000 });
});
afterAll(() => server.close());

it('asks for the axios chunk again after it failed to arrive, instead of failing every later request', async () => {
  const first = await apiGet('/ok').catch((error: unknown) => error);
  expect(first).toBeInstanceOf(ApiError);
  expect((first as ApiError).message).toBe(MESSAGES.cannotReachServer);
  expect(server.seen).toHaveLength(0);
  await expect(apiGet<{ value: number }>('/ok')).resolves.toMatchObject({ value: 42 });
});
