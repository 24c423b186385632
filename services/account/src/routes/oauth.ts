import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { MESSAGES, ok, type OAuthExchangeResponse } from '@sq/contracts';
import { badRequest, conflict, notFound } from '@sq/service-kit';
import { VENDOR_OF, type ProviderId } from '../config';
import { emailTakenMessage } from '../lib/availability';
import { randomToken, safeReturnPath, sha256 } from '../lib/secrets';
import { bindBrowser, presentedBinding } from '../oauth/browser-binding';
import { OAuthFailure, authorizeUrl, fetchProfile, isProvider, type ProviderProfile } from '../oauth/providers';
import { toSignedInUser } from '../repositories/user-repository';

const STATE_MINUTES = 10;
const EXCHANGE_MINUTES = 2;
const TICKET_MINUTES = 30;

const providerParams = z.object(
  { provider: z.string({ error: MESSAGES.operationNotFound }).check(z.maxLength(20, MESSAGES.operationNotFound)) },
  { error: MESSAGES.badRequest },
);
const startQuery = z.object(
  { to: z.optional(z.string({ error: MESSAGES.badRequest }).check(z.maxLength(300, MESSAGES.badRequest))) },
  { error: MESSAGES.badRequest },
);
const callbackQuery = z.object(
  {
    code: z.optional(z.string().check(z.maxLength(2000))),
    state: z.optional(z.string().check(z.maxLength(200))),
    error: z.optional(z.string().check(z.maxLength(200))),
  },
  { error: MESSAGES.badRequest },
);
const exchangeBody = z.object(
  {
    code: z
      .string({ error: MESSAGES.socialLoginFailed })
      .check(z.regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.socialLoginFailed)),
  },
  { error: MESSAGES.badRequest },
);

/** What the callback hands to the shell through the one-time code (kept in oauth_exchange). */
type ExchangePayload =
  | { kind: 'signedIn'; userId: number; to: string }
  | {
      kind: 'signUp';
      ticket: string;
      prefill: Extract<OAuthExchangeResponse, { result: 'signUp' }>['prefill'];
      to: string;
    }
  | { kind: 'refused'; message: string; to: string };

/**
 * Social login (OAuth 2.0 authorization code): start → provider → callback → /oauthreturn?code= →
 * POST /api/oauth/exchange. State, PKCE verifier and nonce live server-side, single use, 10 minutes; the
 * callback and the exchange go on only in the browser that started (oauth/browser-binding.ts).
 * The person is identified by (provider, subject) only; an e-mail already used by another account is never
 * linked (an e-mail account gets the duplicate-e-mail dialog, another provider's account its own message).
 */
const oauthRoutes: FastifyPluginAsync = async (app) => {
  const config = app.accountConfig;
  const redirectUri = (provider: ProviderId) => `${config.apiPublicUrl}/api/oauth/${provider}/callback`;
  const providerConfig = (name: string) => {
    const found = isProvider(name) ? config.providers[name] : undefined;
    if (!found) throw notFound(MESSAGES.operationNotFound);
    return found;
  };
  const toShell = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`${config.siteUrl}/oauthreturn?${new URLSearchParams(query).toString()}`, 302);

  app.get<{ Params: z.infer<typeof providerParams>; Querystring: z.infer<typeof startQuery> }>(
    '/api/oauth/:provider/start',
    {
      schema: {
        tags: ['account'],
        summary: '소셜 로그인 시작 (제공자로 이동)',
        params: providerParams,
        querystring: startQuery,
      },
    },
    async (request, reply) => {
      const provider = providerConfig(request.params.provider);
      const state = randomToken();
      const verifier = randomToken();
      const nonce = provider.oidc ? randomToken() : null;
      const browserHash = bindBrowser(request, reply, {
        seconds: STATE_MINUTES * 60,
        secure: config.apiPublicUrl.startsWith('https:'),
      });
      await app.oauthRepository.openRequest({
        stateHash: sha256(state),
        browserHash,
        provider: VENDOR_OF[provider.id],
        verifier,
        nonce,
        returnTo: safeReturnPath(request.query.to),
        minutes: STATE_MINUTES,
      });
      return reply.redirect(authorizeUrl(provider, redirectUri(provider.id), { state, verifier, nonce }), 302);
    },
  );

  app.get<{ Params: z.infer<typeof providerParams>; Querystring: z.infer<typeof callbackQuery> }>(
    '/api/oauth/:provider/callback',
    { schema: { tags: ['account'], summary: '소셜 로그인 콜백', params: providerParams, querystring: callbackQuery } },
    async (request, reply) => {
      const provider = providerConfig(request.params.provider);
      const { code, state } = request.query;
      const fail = (why: string, error?: unknown) => {
        request.log.warn({ provider: provider.id, why, err: error }, 'social login refused');
        return toShell(reply, { error: MESSAGES.socialLoginFailed });
      };
      if (!state) return fail('no state');
      // The state is consumed whatever happens next: a replayed or forged callback finds nothing.
      const pending = await app.oauthRepository.consumeRequest(sha256(state), VENDOR_OF[provider.id]);
      if (!pending) return fail('unknown, used or expired state');
      // A callback opened in another browser than the one that started (a forwarded link): refused.
      if (!pending.browser_hash || pending.browser_hash !== presentedBinding(request))
        return fail('state started in another browser');
      if (request.query.error || !code) return fail(`provider error ${request.query.error ?? 'no code'}`);

      let profile: ProviderProfile;
      try {
        profile = await fetchProfile(provider, {
          code,
          redirectUri: redirectUri(provider.id),
          verifier: pending.code_verifier,
          nonce: pending.nonce,
          state,
        });
      } catch (error) {
        return fail(error instanceof OAuthFailure ? error.message : 'provider unreachable', error);
      }
      const payload = await resolve(provider.id, profile, pending.return_to);
      const exchangeCode = randomToken();
      await app.oauthRepository.openExchange({
        codeHash: sha256(exchangeCode),
        browserHash: pending.browser_hash,
        payload,
        minutes: EXCHANGE_MINUTES,
      });
      return toShell(reply, { code: exchangeCode, provider: provider.id });
    },
  );

  /** Who this provider identity is to us: a member, a newcomer (sign-up ticket), or refused. */
  async function resolve(provider: ProviderId, profile: ProviderProfile, to: string): Promise<ExchangePayload> {
    const vendor = VENDOR_OF[provider];
    const linkedUserId = await app.oauthRepository.linkedUserId(vendor, profile.subject);
    if (linkedUserId !== undefined) return { kind: 'signedIn', userId: linkedUserId, to };
    if (!profile.email) return { kind: 'refused', message: MESSAGES.socialLoginFailed, to };

    // Never by e-mail alone: an account that already has this e-mail is not linked to this identity.
    const owner = await app.oauthRepository.emailOwner(profile.email);
    if (owner) {
      const message = owner.vendor === 'EMAIL' ? MESSAGES.duplicateEmailBody : emailTakenMessage(owner.vendor);
      return { kind: 'refused', message, to };
    }
    const ticket = randomToken();
    const prefill = {
      email: profile.email,
      username: profile.name,
      useralias: profile.nickname,
      userphone: profile.phone,
      vendor,
    };
    await app.oauthRepository.openTicket({
      ticketHash: sha256(ticket),
      provider: vendor,
      subject: profile.subject,
      email: profile.email,
      prefill,
      minutes: TICKET_MINUTES,
    });
    return { kind: 'signUp', ticket, prefill, to };
  }

  app.post<{ Body: z.infer<typeof exchangeBody> }>(
    '/api/oauth/exchange',
    { schema: { tags: ['account'], summary: '소셜 로그인 결과 교환 (1회용 코드)', body: exchangeBody } },
    async (request, reply): Promise<OAuthExchangeResponse> => {
      // Single use; the payload (which may hold a sign-up ticket) is wiped as the code is spent. Only the
      // browser that started the login may spend it: another one finds nothing (and leaves it unspent).
      const hash = sha256(request.body.code);
      const browserHash = presentedBinding(request);
      const row = await app.oauthRepository.spendExchange(hash, browserHash);
      const payload = (row as { payload?: ExchangePayload } | undefined)?.payload;
      if (!payload || !('kind' in payload)) throw badRequest(MESSAGES.socialLoginFailed);
      if (payload.kind === 'refused') throw conflict(payload.message);
      if (payload.kind === 'signUp')
        return ok({ result: 'signUp' as const, to: payload.to, ticket: payload.ticket, prefill: payload.prefill });
      const user = await app.userRepository.findActiveById(payload.userId);
      if (!user) throw badRequest(MESSAGES.socialLoginFailed);
      const sid = await app.sessionRepository.open(user.user_id);
      const token = app.issueAccessToken({ userId: user.user_id, role: user.user_role, sid });
      reply.header('authorization', `Bearer ${token}`);
      return ok({
        result: 'signedIn' as const,
        to: payload.to,
        userData: toSignedInUser(user, token),
        isUser: 'Y' as const,
      });
    },
  );
};

export default oauthRoutes;
