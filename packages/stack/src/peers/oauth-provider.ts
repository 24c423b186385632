import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * A local OAuth 2.0 / OpenID Connect provider on loopback, serving the three shapes the account service
 * speaks, each under its own prefix:
 *   /google  OIDC: /.well-known/openid-configuration, /authorize, /token (id_token RS256 with the nonce,
 *            PKCE S256 enforced), /jwks, /userinfo
 *   /kakao   /oauth/authorize, /oauth/token (PKCE when a challenge was sent), /v2/user/me
 *   /naver   /oauth2.0/authorize, /oauth2.0/token (state echoed), /v1/nid/me
 * The authorize page is a tiny consent screen offering a few test identities; `login_hint={identity id}`
 * approves at once (tests). Client id/secret: sq-local-client / sq-local-secret. Codes are single use and
 * live 5 minutes; redirect URIs must be on localhost/127.0.0.1 and match between authorize and token.
 */
export type LocalProviderId = 'google' | 'kakao' | 'naver';

export interface TestIdentity {
  id: string;
  label: string;
  /** Provider subject: Google `sub`, Kakao numeric `id`, Naver `response.id`. */
  subject: string;
  email: string | null;
  emailVerified?: boolean;
  name: string | null;
  nickname: string | null;
  /** Kakao: '+82 10-1234-5678'; Naver: '010-1234-5678'. */
  phone: string | null;
}

export const LOCAL_CLIENT = { id: 'sq-local-client', secret: 'sq-local-secret' } as const;

export const DEFAULT_IDENTITIES: Record<LocalProviderId, TestIdentity[]> = {
  google: [
    {
      id: 'google-new',
      label: '새 구글 사용자',
      subject: '108234567890123456789',
      email: 'sns.google@example.com',
      name: '구글테스트',
      nickname: '구글러',
      phone: null,
    },
    {
      id: 'google-member',
      label: '데모 회원과 같은 이메일',
      subject: '108234567890000000001',
      email: 'member@example.com',
      name: '김민지',
      nickname: '민지',
      phone: null,
    },
  ],
  kakao: [
    {
      id: 'kakao-new',
      label: '새 카카오 사용자',
      subject: '3000123456',
      email: 'sns.kakao@example.com',
      name: '카카오테스트',
      nickname: '카카오친구',
      phone: '+82 10-2222-3333',
    },
    {
      id: 'kakao-member',
      label: '데모 회원과 같은 이메일',
      subject: '3000000001',
      email: 'member@example.com',
      name: '김민지',
      nickname: '민지',
      phone: '+82 10-1234-5678',
    },
  ],
  naver: [
    {
      id: 'naver-new',
      label: '새 네이버 사용자',
      subject: 'nv_5f3c2a1b9d8e7f60',
      email: 'sns.naver@example.com',
      name: '네이버테스트',
      nickname: '네이버회원',
      phone: '010-3333-4444',
    },
    {
      id: 'naver-member',
      label: '데모 회원과 같은 이메일',
      subject: 'nv_000000000001',
      email: 'member@example.com',
      name: '김민지',
      nickname: '민지',
      phone: '010-1234-5678',
    },
  ],
};

interface PendingCode {
  provider: LocalProviderId;
  identity: TestIdentity;
  redirectUri: string;
  clientId: string;
  challenge: string | null;
  nonce: string | null;
  expiresAt: number;
}

export interface LocalOAuthProvider {
  url: string;
  identities: Record<LocalProviderId, TestIdentity[]>;
  addIdentity(provider: LocalProviderId, identity: TestIdentity): void;
  /** Misbehave on purpose (tests): an id_token with another nonce, or signed by a key not in the JWKS. */
  tamper(options: { nonce?: string | null; foreignKey?: boolean }): void;
  close(): Promise<void>;
}

const PROVIDERS: LocalProviderId[] = ['google', 'kakao', 'naver'];
const PATHS: Record<LocalProviderId, { authorize: string; token: string; userinfo: string }> = {
  google: { authorize: '/google/authorize', token: '/google/token', userinfo: '/google/userinfo' },
  kakao: { authorize: '/kakao/oauth/authorize', token: '/kakao/oauth/token', userinfo: '/kakao/v2/user/me' },
  naver: { authorize: '/naver/oauth2.0/authorize', token: '/naver/oauth2.0/token', userinfo: '/naver/v1/nid/me' },
};

export async function startOAuthProvider(options: { port?: number; host?: string } = {}): Promise<LocalOAuthProvider> {
  const host = options.host ?? '127.0.0.1';
  const identities: Record<LocalProviderId, TestIdentity[]> = {
    google: [...DEFAULT_IDENTITIES.google],
    kakao: [...DEFAULT_IDENTITIES.kakao],
    naver: [...DEFAULT_IDENTITIES.naver],
  };
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { provider: LocalProviderId; identity: TestIdentity; expiresAt: number }>();
  let tampering: { nonce?: string | null; foreignKey?: boolean } = {};
  let base = '';

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent)
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'server_error', error_description: error.message }));
    });
  });

  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));

  async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
    let body = '';
    for await (const chunk of request) {
      body += (chunk as Buffer).toString();
      if (body.length > 64 * 1024) break;
    }
    return new URLSearchParams(body);
  }

  const loopbackUri = (value: string | null) => {
    if (!value) return false;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
    } catch {
      return false;
    }
  };

  function approve(
    provider: LocalProviderId,
    params: URLSearchParams,
    identityId: string,
    response: http.ServerResponse,
  ) {
    const identity = identities[provider].find((i) => i.id === identityId);
    const redirectUri = params.get('redirect_uri')!;
    if (!identity) return json(response, 400, { error: 'invalid_request', error_description: 'unknown identity' });
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      provider,
      identity,
      redirectUri,
      clientId: params.get('client_id') ?? '',
      challenge: params.get('code_challenge'),
      nonce: params.get('nonce'),
      expiresAt: Date.now() + 5 * 60_000,
    });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    if (params.get('state') !== null) target.searchParams.set('state', params.get('state')!);
    response.writeHead(302, { location: target.toString() }).end();
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const path = url.pathname;

    if (path === '/google/.well-known/openid-configuration') {
      return json(response, 200, {
        issuer: `${base}/google`,
        authorization_endpoint: `${base}/google/authorize`,
        token_endpoint: `${base}/google/token`,
        userinfo_endpoint: `${base}/google/userinfo`,
        jwks_uri: `${base}/google/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (path === '/google/jwks') return json(response, 200, { keys: [publicJwk] });
    if (path === '/') {
      return response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><meta charset="utf-8"><title>로컬 소셜 로그인</title><h1>로컬 OAuth 2.0 / OIDC 제공자</h1><ul>${PROVIDERS.map((p) => `<li>${p}: ${PATHS[p].authorize}</li>`).join('')}</ul><p>Google discovery: <a href="/google/.well-known/openid-configuration">/google/.well-known/openid-configuration</a></p>`,
        );
    }

    for (const provider of PROVIDERS) {
      const paths = PATHS[provider];
      if (path === paths.authorize && request.method === 'GET') {
        const params = url.searchParams;
        if (
          params.get('response_type') !== 'code' ||
          params.get('client_id') !== LOCAL_CLIENT.id ||
          !loopbackUri(params.get('redirect_uri'))
        ) {
          return json(response, 400, { error: 'invalid_request' });
        }
        if (
          provider === 'google' &&
          (!params.get('code_challenge') || params.get('code_challenge_method') !== 'S256')
        ) {
          return json(response, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
        }
        const hint = params.get('login_hint');
        if (hint) return approve(provider, params, hint, response);
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(consentPage(provider, params, identities[provider]));
      }
      if (path === `/${provider}/consent` && request.method === 'POST') {
        const form = await readForm(request);
        const params = new URLSearchParams(form.get('query') ?? '');
        if (form.get('deny')) {
          const target = new URL(params.get('redirect_uri')!);
          target.searchParams.set('error', 'access_denied');
          if (params.get('state') !== null) target.searchParams.set('state', params.get('state')!);
          return response.writeHead(302, { location: target.toString() }).end();
        }
        if (params.get('client_id') !== LOCAL_CLIENT.id || !loopbackUri(params.get('redirect_uri')))
          return json(response, 400, { error: 'invalid_request' });
        return approve(provider, params, form.get('identity') ?? '', response);
      }
      if (path === paths.token && request.method === 'POST') {
        const form = await readForm(request);
        if (form.get('client_id') !== LOCAL_CLIENT.id || form.get('client_secret') !== LOCAL_CLIENT.secret)
          return json(response, 401, { error: 'invalid_client' });
        if (form.get('grant_type') !== 'authorization_code')
          return json(response, 400, { error: 'unsupported_grant_type' });
        const code = form.get('code') ?? '';
        const pending = codes.get(code);
        codes.delete(code);
        if (
          !pending ||
          pending.provider !== provider ||
          pending.expiresAt < Date.now() ||
          pending.redirectUri !== form.get('redirect_uri')
        ) {
          return json(response, 400, { error: 'invalid_grant' });
        }
        if (pending.challenge) {
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge)
            return json(response, 400, { error: 'invalid_grant', error_description: 'PKCE' });
        }
        const accessToken = randomBytes(24).toString('base64url');
        accessTokens.set(accessToken, { provider, identity: pending.identity, expiresAt: Date.now() + 3600_000 });
        const answer: Record<string, unknown> = {
          access_token: accessToken,
          token_type: 'bearer',
          expires_in: 3600,
          refresh_token: randomBytes(24).toString('base64url'),
        };
        if (provider === 'google') {
          const identity = pending.identity;
          const nonce = 'nonce' in tampering ? tampering.nonce : pending.nonce;
          answer.id_token = await new SignJWT({
            email: identity.email ?? undefined,
            email_verified: identity.emailVerified ?? true,
            name: identity.name ?? undefined,
            given_name: identity.nickname ?? undefined,
            ...(nonce ? { nonce } : {}),
          })
            .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
            .setIssuer(`${base}/google`)
            .setAudience(pending.clientId)
            .setSubject(identity.subject)
            .setIssuedAt()
            .setExpirationTime('1h')
            .sign(tampering.foreignKey ? foreign.privateKey : privateKey);
          answer.scope = 'openid email profile';
        }
        return json(response, 200, answer);
      }
      if (path === paths.userinfo && request.method === 'GET') {
        const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        const grant = accessTokens.get(token);
        if (!grant || grant.provider !== provider || grant.expiresAt < Date.now()) {
          return provider === 'naver'
            ? json(response, 401, { resultcode: '024', message: 'Authentication failed' })
            : json(response, 401, { msg: 'this access token does not exist', code: -401 });
        }
        const i = grant.identity;
        if (provider === 'google')
          return json(response, 200, {
            sub: i.subject,
            email: i.email,
            email_verified: i.emailVerified ?? true,
            name: i.name,
          });
        if (provider === 'kakao') {
          return json(response, 200, {
            id: Number(i.subject),
            connected_at: new Date().toISOString(),
            kakao_account: {
              profile_nickname_needs_agreement: false,
              profile: { nickname: i.nickname, is_default_image: true },
              has_email: Boolean(i.email),
              email_needs_agreement: false,
              is_email_valid: true,
              is_email_verified: i.emailVerified ?? true,
              email: i.email,
              name: i.name,
              phone_number: i.phone,
            },
          });
        }
        return json(response, 200, {
          resultcode: '00',
          message: 'success',
          response: { id: i.subject, email: i.email, name: i.name, nickname: i.nickname, mobile: i.phone },
        });
      }
    }
    json(response, 404, { error: 'not_found' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  base = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    identities,
    addIdentity: (provider, identity) => void identities[provider].push(identity),
    tamper: (next) => {
      tampering = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function escape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const PROVIDER_NAMES: Record<LocalProviderId, string> = { google: '구글', kakao: '카카오', naver: '네이버' };

function consentPage(provider: LocalProviderId, params: URLSearchParams, identities: TestIdentity[]): string {
  const query = escape(params.toString());
  const buttons = identities
    .map(
      (i) =>
        `<button name="identity" value="${escape(i.id)}" data-identity="${escape(i.id)}">${escape(i.label)}<br><small>${escape(i.email ?? '(이메일 없음)')}</small></button>`,
    )
    .join('');
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${PROVIDER_NAMES[provider]} 로그인 (로컬)</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{display:block;width:100%;margin:8px 0;padding:12px;font-size:15px;text-align:left;cursor:pointer}small{color:#666}</style></head>
<body><h1>${PROVIDER_NAMES[provider]} 로그인 (로컬 테스트)</h1><p>개발용 제공자입니다. 로그인할 테스트 계정을 고르세요.</p>
<form method="post" action="/${provider}/consent"><input type="hidden" name="query" value="${query}">${buttons}<button name="deny" value="1">취소</button></form></body></html>`;
}
