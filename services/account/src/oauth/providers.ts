import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { formatPhone } from '@sq/contracts';
import type { ProviderConfig, ProviderId } from '../config';

/**
 * One adapter per provider shape. Each turns an authorization code into the person's provider identity:
 * the subject (the identity key), the e-mail and what the sign-up form can be prefilled with.
 *  - Google: OpenID Connect. PKCE S256 + nonce; the id_token is verified against the provider's JWKS
 *    (signature, issuer, audience = our client id, expiry) and must carry our nonce.
 *  - Kakao: OAuth 2.0 with PKCE; GET /v2/user/me → {id, kakao_account: {email, is_email_verified, profile: {nickname}, name, phone_number}}.
 *  - Naver: OAuth 2.0 with state (no PKCE); GET /v1/nid/me → {resultcode: '00', response: {id, email, name, nickname, mobile}}.
 */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  name: string | null;
  nickname: string | null;
  phone: string | null;
}

export class OAuthFailure extends Error {}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function authorizeUrl(
  config: ProviderConfig,
  redirectUri: string,
  request: { state: string; verifier: string; nonce: string | null },
): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', request.state);
  if (config.scope) url.searchParams.set('scope', config.scope);
  if (config.pkce) {
    url.searchParams.set('code_challenge', pkceChallenge(request.verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (config.oidc && request.nonce) url.searchParams.set('nonce', request.nonce);
  return url.toString();
}

const jwksCache = new Map<string, JWTVerifyGetKey>();
function jwks(url: string): JWTVerifyGetKey {
  let set = jwksCache.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    jwksCache.set(url, set);
  }
  return set;
}

async function postForm(url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !json || typeof json !== 'object')
    throw new OAuthFailure(`token endpoint answered ${response.status}`);
  if (json.error) throw new OAuthFailure(`token endpoint error ${String(json.error)}`);
  return json;
}

async function getJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !json || typeof json !== 'object')
    throw new OAuthFailure(`user-info endpoint answered ${response.status}`);
  return json;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** '+82 10-1234-5678' (Kakao) or '010-1234-5678' (Naver) as our 010-1234-5678. */
function koreanPhone(value: unknown): string | null {
  const raw = str(value);
  if (!raw) return null;
  const local = raw.replace(/^\+82\s*/, '0').replace(/^00/, '0');
  const formatted = formatPhone(local);
  return /^01[016789]-\d{3,4}-\d{4}$/.test(formatted) ? formatted : null;
}

export async function fetchProfile(
  config: ProviderConfig,
  input: { code: string; redirectUri: string; verifier: string; nonce: string | null; state: string },
): Promise<ProviderProfile> {
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: config.clientId,
    client_secret: config.clientSecret,
  };
  if (config.pkce) form.code_verifier = input.verifier;
  if (config.id === 'naver') form.state = input.state;
  const tokens = await postForm(config.tokenUrl, form);

  if (config.oidc) {
    const idToken = str(tokens.id_token);
    if (!idToken) throw new OAuthFailure('no id_token');
    const { payload } = await jwtVerify(idToken, jwks(config.jwksUrl), {
      issuer: config.issuer,
      audience: config.clientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    }).catch((error: unknown) => {
      throw new OAuthFailure(`id_token rejected: ${(error as Error).message}`);
    });
    if (!input.nonce || payload.nonce !== input.nonce) throw new OAuthFailure('nonce mismatch');
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    return {
      subject: String(payload.sub),
      email: verified ? (str(payload.email)?.toLowerCase() ?? null) : null,
      name: str(payload.name),
      nickname: str(payload.given_name),
      phone: null,
    };
  }

  const accessToken = str(tokens.access_token);
  if (!accessToken) throw new OAuthFailure('no access_token');
  const info = await getJson(config.userInfoUrl, accessToken);
  if (config.id === 'kakao') {
    const account = (info.kakao_account ?? {}) as Record<string, unknown>;
    const profile = (account.profile ?? {}) as Record<string, unknown>;
    if (info.id === undefined || info.id === null) throw new OAuthFailure('kakao: no id');
    const verified = account.is_email_verified !== false && account.is_email_valid !== false;
    return {
      subject: String(info.id),
      email: verified ? (str(account.email)?.toLowerCase() ?? null) : null,
      name: str(account.name),
      nickname: str(profile.nickname),
      phone: koreanPhone(account.phone_number),
    };
  }
  // Naver
  if (info.resultcode !== '00') throw new OAuthFailure(`naver: resultcode ${String(info.resultcode)}`);
  const response = (info.response ?? {}) as Record<string, unknown>;
  const subject = str(response.id);
  if (!subject) throw new OAuthFailure('naver: no id');
  return {
    subject,
    email: str(response.email)?.toLowerCase() ?? null,
    name: str(response.name),
    nickname: str(response.nickname),
    phone: koreanPhone(response.mobile),
  };
}

export function isProvider(value: string): value is ProviderId {
  return value === 'google' || value === 'kakao' || value === 'naver';
}
