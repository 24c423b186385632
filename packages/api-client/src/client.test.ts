import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { MESSAGES } from '@sq/contracts/messages';
import { FIRST_RESPONSE_ATTRIBUTE } from '@sq/contracts/first-content';
import { apiGet, apiPost, apiUpload, configureApiClient } from './client';
import { ApiError } from './errors';
import { getToken, setToken, TOKEN_STORAGE_KEY } from './token-store';
import { json, makeToken, startTestServer } from './test-server';

let server: Awaited<ReturnType<typeof startTestServer>>;
const signInRequests: string[] = [];
const refreshed = makeToken({ sub: '1', role: 'ROLE_USER', exp: 4_000_000_000 });

beforeAll(async () => {
  server = await startTestServer({
    '/api/ok': (_req, res) => json(res, 200, { ErrorCode: '00', value: 42 }),
    '/api/refresh': (_req, res) => json(res, 200, { ErrorCode: '00' }, { authorization: `Bearer ${refreshed}` }),
    '/api/expired-jwt': (_req, res) => json(res, 200, { ErrorCode: '00', message: 'ExpiredJwt', list: [1] }),
    '/api/soft-failure': (_req, res) => json(res, 200, { ErrorCode: '49', message: MESSAGES.nicknameDuplicate }),
    '/api/soft-failure-blank': (_req, res) => json(res, 200, { ErrorCode: '40' }),
    '/api/missing-record': (_req, res) => json(res, 404, { ErrorCode: '44', message: MESSAGES.notFound }),
    '/api/unknown-op': (_req, res) => json(res, 404, { ErrorCode: '44', message: MESSAGES.operationNotFound }),
    '/api/unauthorized': (_req, res) => json(res, 401, { ErrorCode: '41', message: MESSAGES.signInRequired }),
    '/api/crash': (_req, res) => json(res, 500, { ErrorCode: '50', message: MESSAGES.defaultError }),
    '/api/unavailable': (_req, res) => json(res, 503, { ErrorCode: '53', message: MESSAGES.serviceUnavailable }),
    '/api/slow': (_req, res) => setTimeout(() => json(res, 200, { ErrorCode: '00' }), 1_000),
    '/api/echo': (_req, res, body) => json(res, 200, { ErrorCode: '00', received: JSON.parse(body || 'null') }),
    '/api/upload': (req, res, body) =>
      json(res, 200, { ErrorCode: '00', contentType: req.headers['content-type'], body }),
    '/api/upload-too-large': (_req, res) =>
      json(res, 413, { ErrorCode: '40', message: MESSAGES.uploadTooLarge, fields: { file: MESSAGES.uploadTooLarge } }),
  });
});
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  signInRequests.length = 0;
  server.seen.length = 0;
  window.history.replaceState(null, '', '/mypage/info?tab=1');
  configureApiClient({ baseURL: server.baseURL, timeout: 5_000, onSignInRequired: (to) => signInRequests.push(to) });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('tokens', () => {
  it('sends the stored token as a Bearer Authorization header', async () => {
    setToken('abc.def.ghi');
    await apiGet('/ok');
    expect(server.seen[0]?.authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header when signed out', async () => {
    await apiGet('/ok');
    expect(server.seen[0]?.authorization).toBeUndefined();
  });

  it('replaces the stored token with the one in the response authorization header', async () => {
    setToken('old.token.value');
    await apiGet('/refresh');
    expect(getToken()).toBe(refreshed);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(refreshed);
  });
});

describe('envelope', () => {
  it('resolves with the body when ErrorCode is 00', async () => {
    await expect(apiGet<{ value: number }>('/ok')).resolves.toMatchObject({ value: 42 });
  });

  it("treats ErrorCode '00' with message ExpiredJwt as success", async () => {
    await expect(apiGet('/expired-jwt')).resolves.toMatchObject({ list: [1] });
  });

  it('treats a 200 whose ErrorCode is not 00 as a failure carrying the server message', async () => {
    const error = await failure(apiGet('/soft-failure'));
    expect(error.code).toBe('49');
    expect(error.message).toBe(MESSAGES.nicknameDuplicate);
    expect(error.status).toBe(200);
  });

  it('falls back to the default error text when the failure has no message', async () => {
    const error = await failure(apiGet('/soft-failure-blank'));
    expect(error.message).toBe('에러입니다.');
  });

  it('passes query parameters and JSON bodies', async () => {
    await expect(apiPost('/echo', { email: 'a@b.kr' })).resolves.toMatchObject({ received: { email: 'a@b.kr' } });
    await apiGet('/ok', { productId: 3, oddId: undefined, page: 0 });
    expect(server.seen.at(-1)?.url).toBe('/api/ok?productId=3&page=0');
  });
});

describe('uploads', () => {
  it('sends FormData as multipart with its boundary and the token', async () => {
    setToken('abc.def.ghi');
    const form = new FormData();
    form.append('file', new Blob(['PNGDATA'], { type: 'image/png' }), 'me.png');
    const answer = await apiUpload<{ contentType: string; body: string }>('/upload', form);
    expect(answer.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.body).toContain('name="file"; filename="me.png"');
    expect(answer.body).toContain('PNGDATA');
    expect(server.seen.at(-1)?.authorization).toBe('Bearer abc.def.ghi');
  });

  it('rejects with the service’s Korean message and field', async () => {
    const error = await failure(apiUpload('/upload-too-large', new FormData()));
    expect([error.status, error.message, error.fields]).toEqual([
      413,
      MESSAGES.uploadTooLarge,
      { file: MESSAGES.uploadTooLarge },
    ]);
    expect(signInRequests).toEqual([]);
  });
});

describe('client codes', () => {
  it('20: an endpoint the gateway does not know', async () => {
    const plain = await failure(apiGet('/no-such-endpoint'));
    expect([plain.code, plain.message]).toEqual(['20', '존재하지 않은 오퍼레이션입니다.']);
    const wrapped = await failure(apiGet('/unknown-op'));
    expect(wrapped.code).toBe('20');
  });

  it('a missing record is not code 20: the service message is kept', async () => {
    const error = await failure(apiGet('/missing-record'));
    expect([error.code, error.message, error.status]).toEqual(['44', MESSAGES.notFound, 404]);
  });

  it('21: the server cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    configureApiClient({ baseURL: `http://127.0.0.1:${closedPort}/api` });
    const error = await failure(apiGet('/ok'));
    expect([error.code, error.message]).toEqual(['21', '서버에 접속할 수 없습니다...']);
  });

  it('21: the server does not answer in time', async () => {
    configureApiClient({ timeout: 100 });
    const error = await failure(apiGet('/slow'));
    expect(error.code).toBe('21');
  });

  it('22: the request cannot be prepared', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const error = await failure(apiPost('/echo', circular));
    expect([error.code, error.message]).toEqual(['22', '네트워크 처리 준비 중 오류가 발생습니다.']);
    expect(server.seen).toHaveLength(0);
  });
});

describe('sign-in redirects', () => {
  it('HTTP 401 clears the session and sends the user to sign-in with the current path', async () => {
    setToken(makeToken({ exp: 4_000_000_000 }));
    const error = await failure(apiGet('/unauthorized'));
    expect(error.status).toBe(401);
    expect(signInRequests).toEqual(['/mypage/info?tab=1']);
    expect(getToken()).toBeNull();
  });

  it('HTTP 500 also sends the user to sign-in', async () => {
    const error = await failure(apiGet('/crash'));
    expect(error.status).toBe(500);
    expect(signInRequests).toEqual(['/mypage/info?tab=1']);
  });

  it('other statuses do not redirect and keep the Korean message', async () => {
    const error = await failure(apiGet('/unavailable'));
    expect([error.code, error.message]).toEqual(['53', MESSAGES.serviceUnavailable]);
    expect(signInRequests).toEqual([]);
  });

  it('does not redirect while already on the sign-in page', async () => {
    window.history.replaceState(null, '', '/signin?to=/mypage');
    await failure(apiPost('/unauthorized', {}));
    expect(signInRequests).toEqual([]);
  });
});

describe('answers written into the page (server-rendered first content)', () => {
  const addBlock = (path: string, text: string) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.setAttribute(FIRST_RESPONSE_ATTRIBUTE, path);
    block.textContent = text;
    document.head.append(block);
  };

  it('answers the first GET of the path from the page, then asks the network', async () => {
    addBlock('/ok', JSON.stringify({ ErrorCode: '00', value: 7 }));
    await expect(apiGet<{ value: number }>('/ok')).resolves.toMatchObject({ value: 7 });
    expect(server.seen).toHaveLength(0);
    await expect(apiGet<{ value: number }>('/ok')).resolves.toMatchObject({ value: 42 });
    expect(server.seen).toHaveLength(1);
  });

  it('asks the network for a GET with a query, another path, or a broken block', async () => {
    addBlock('/ok', JSON.stringify({ ErrorCode: '00', value: 7 }));
    await expect(apiGet<{ value: number }>('/ok', { page: 1 })).resolves.toMatchObject({ value: 42 });
    addBlock('/echo', '{ not json');
    await expect(apiGet('/echo')).resolves.toMatchObject({ received: null });
    expect(server.seen).toHaveLength(2);
    document.head.replaceChildren();
  });
});
