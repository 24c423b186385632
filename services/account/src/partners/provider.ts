import { createPrivateKey } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { CONSUMER_SCOPES, OAUTH2_PATH, type ConsumerScope } from '@sq/contracts';
import { JWT_ALGORITHM, readJwtKeys } from '@sq/service-kit';
import type { AccountConfig } from '../config';
import type { KeyedHash } from '../lib/keyed-hash';
import type { PartnerAppRepository } from '../repositories/partner-app-repository';
import type { ClientSource } from '../repositories/oauth-state-adapter';
import { errorPage } from './pages';

/** The resource indicator (RFC 8707) of the public API: every partner access token is for it. */
export const publicApiResource = (config: AccountConfig) => `${config.apiPublicUrl}/api`;

export interface PartnerProviderDeps {
  /** The storage adapter class (repositories/oauth-state-adapter.ts) for the given client source. */
  adapter(clients: ClientSource): unknown;
  config: AccountConfig;
  hash: KeyedHash;
  apps: PartnerAppRepository;
  /** A member who may sign in to the site (not withdrawn). */
  memberExists(userId: number): Promise<boolean>;
}

/**
 * The OAuth 2.0 authorization server for partner apps: `oidc-provider` (OpenID Certified), configured, not
 * re-implemented. Clients are the partner apps operators register; accounts are the site's members; state lives
 * in PostgreSQL (oauth-state-adapter.ts). Grants: client credentials, and authorization code with PKCE (S256)
 * always required; no implicit or hybrid responses, no refresh tokens. Access tokens are opaque, for the public
 * API as their one resource; the gateway asks the account service about a presented one
 * (routes/partner-tokens.ts) and caches the answer like a session check.
 */
export function createPartnerProvider(deps: PartnerProviderDeps): Provider {
  const { config, apps } = deps;
  const resource = publicApiResource(config);
  const jwk = createPrivateKey(readJwtKeys().privateKey ?? '').export({ format: 'jwk' });

  const clientMetadata = async (clientId: string) => {
    const app = await apps.byClientId(clientId);
    if (!app || !app.enabled) return undefined;
    const userFacing = app.redirectUris.length > 0;
    return {
      client_id: app.clientId,
      client_secret: app.clientSecret,
      client_name: app.name,
      redirect_uris: app.redirectUris,
      grant_types: userFacing ? ['authorization_code', 'client_credentials'] : ['client_credentials'],
      response_types: userFacing ? ['code'] : [],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: JWT_ALGORITHM,
    };
  };

  const configuration: Configuration = {
    adapter: deps.adapter({ clientMetadata }) as Configuration['adapter'],
    jwks: { keys: [{ ...jwk, alg: JWT_ALGORITHM, use: 'sig' } as never] },
    cookies: { keys: [deps.hash('oauth2-cookie-keys', 'v1')] },
    findAccount: async (_ctx, id) => {
      if (!/^\d+$/.test(id) || !(await deps.memberExists(Number(id)))) return undefined;
      return { accountId: id, claims: async () => ({ sub: id }) };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator, client) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          const app = await apps.byClientId(client.clientId);
          if (!app) throw new errors.InvalidTarget();
          return {
            scope: app.scopes.join(' '),
            audience: resource,
            accessTokenTTL: config.partnerAccessTokenSeconds,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    pkce: { required: () => true },
    responseTypes: ['code'],
    clientBasedCORS: () => false,
    // Tokens belong to the member's consent, not to their sign-in on the consent screen.
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: config.partnerAccessTokenSeconds,
      ClientCredentials: config.partnerAccessTokenSeconds,
      AuthorizationCode: 60,
      Grant: config.partnerConsentDays * 86_400,
      Interaction: 60 * 60,
      Session: config.accessTokenSeconds,
    },
    interactions: { url: async (_ctx, interaction) => `${OAUTH2_PATH}/interaction/${interaction.uid}` },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error);
    },
  };
  const provider = new Provider(`${config.apiPublicUrl}${OAUTH2_PATH}`, configuration);
  // Behind the gateway: the account service sets the public origin on every request it hands over (mount.ts).
  provider.proxy = true;
  return provider;
}

/** The scopes a grant or token holds that the app is still allowed (an operator may have narrowed them since). */
export const allowedOf = (granted: string | undefined, allowed: readonly ConsumerScope[]): ConsumerScope[] => {
  const held = new Set((granted ?? '').split(' '));
  return CONSUMER_SCOPES.filter((scope) => held.has(scope) && allowed.includes(scope));
};
