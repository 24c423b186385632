import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, OAUTH2_PATH, PARTNER_MESSAGES, signInCoolDownMessage } from '@sq/contracts';
import { createKeyedHash } from '../lib/keyed-hash';
import { verifyPassword } from '../passwords';
import { createPartnerProvider, publicApiResource } from './provider';
import { PAGE_POLICY, consentPage, errorPage, signInPage } from './pages';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The authorization server of partner apps (oidc-provider), mounted under /oauth2. */
    partnerProvider: Provider;
  }
}

type Form = Record<string, string>;

/**
 * Mounts oidc-provider under /oauth2 (the gateway routes /oauth2/* here untouched) and serves its interaction
 * steps: the sign-in form and the consent screen. Requests reach the provider as Koa expects them from a mount:
 * `originalUrl` the full path, `url` the path under the mount, and the public origin (API_PUBLIC_URL) as the
 * forwarded host and protocol, so every URL it writes is the one partners see. The body is left unread for
 * the provider to parse.
 */
export default fp(
  async (app) => {
    const config = app.accountConfig;
    const provider = createPartnerProvider({
      adapter: app.oauthStateAdapter,
      config,
      hash: createKeyedHash(config.markerSecret),
      apps: app.partnerApps,
      memberExists: async (userId) => Boolean(await app.userRepository.findActiveById(userId)),
    });
    app.decorate('partnerProvider', provider);
    provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'authorization server error'));

    const origin = new URL(config.apiPublicUrl);
    const asMounted = (raw: IncomingMessage) => {
      const mounted = raw as IncomingMessage & { originalUrl?: string };
      mounted.originalUrl = raw.url;
      mounted.url = raw.url!.slice(OAUTH2_PATH.length) || '/';
      raw.headers['x-forwarded-host'] = origin.host;
      raw.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
      return raw;
    };
    const callback = provider.callback();

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const hand = async (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        reply.raw.setHeader('content-security-policy', PAGE_POLICY);
        callback(asMounted(request.raw), reply.raw);
      };
      // Not in the API's OpenAPI document: the provider's discovery document (/oauth2/.well-known/openid-configuration) describes these.
      const hide = { schema: { hide: true } };
      scope.route({ method: ['GET', 'POST'], url: OAUTH2_PATH, handler: hand, ...hide });
      scope.route({ method: ['GET', 'POST'], url: `${OAUTH2_PATH}/*`, handler: hand, ...hide });
    });

    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 8 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      const interactionPath = (uid: string, step = '') => `${OAUTH2_PATH}/interaction/${uid}${step}`;
      const page = (reply: FastifyReply, status: number, html: string) =>
        reply
          .status(status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', PAGE_POLICY)
          .send(html);

      /** The interaction the browser's cookie names, or null when it ended or never was (answered with the Korean page). */
      const details = async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          return await provider.interactionDetails(request.raw, reply.raw);
        } catch {
          page(reply, 400, errorPage(PARTNER_MESSAGES.consentExpired));
          return null;
        }
      };
      const appName = async (clientId: unknown) =>
        (typeof clientId === 'string' ? (await app.partnerApps.byClientId(clientId))?.name : undefined) ?? '';
      const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults, merge = true) => {
        reply.hijack();
        try {
          await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
        } catch (error) {
          // The interaction ended meanwhile (expired, finished in another tab): the member gets the Korean page.
          request.log.warn({ err: error }, 'interaction could not be finished');
          if (!reply.raw.headersSent) {
            reply.raw.writeHead(400, {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-store',
              'content-security-policy': PAGE_POLICY,
            });
            reply.raw.end(errorPage(PARTNER_MESSAGES.consentExpired));
          }
        }
      };

      scope.get<{ Params: { uid: string } }>(
        `${OAUTH2_PATH}/interaction/:uid`,
        { schema: { hide: true } },
        async (request, reply) => {
          const interaction = await details(request, reply);
          if (!interaction) return reply;
          const name = await appName(interaction.params.client_id);
          if (interaction.prompt.name === 'login')
            return page(reply, 200, signInPage({ action: interactionPath(interaction.uid, '/login'), appName: name }));
          if (interaction.prompt.name === 'consent') {
            const missing = (interaction.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
            return page(
              reply,
              200,
              consentPage({
                confirm: interactionPath(interaction.uid, '/confirm'),
                abort: interactionPath(interaction.uid, '/abort'),
                appName: name,
                scopes: missing[publicApiResource(config)] ?? [],
              }),
            );
          }
          return page(reply, 400, errorPage(PARTNER_MESSAGES.consentExpired));
        },
      );

      // The site's sign-in, with its brute-force guard (the same per-account and per-address limits as /api/signin).
      scope.post<{ Params: { uid: string }; Body: Form }>(
        `${OAUTH2_PATH}/interaction/:uid/login`,
        { schema: { hide: true } },
        async (request, reply) => {
          const interaction = await details(request, reply);
          if (!interaction) return reply;
          const name = await appName(interaction.params.client_id);
          const action = interactionPath(interaction.uid, '/login');
          if (interaction.prompt.name !== 'login') return page(reply, 400, errorPage(PARTNER_MESSAGES.consentExpired));
          const email = String(request.body?.email ?? '')
            .trim()
            .slice(0, 254);
          const password = String(request.body?.password ?? '').slice(0, 200);
          if (!email || !password)
            return page(reply, 400, signInPage({ action, appName: name, email, error: MESSAGES.badLogin }));
          const slot = await app.signInGuard.take(email, request.clientIp);
          if (slot.wait > 0) {
            reply.header('retry-after', String(Math.ceil(slot.wait)));
            return page(
              reply,
              429,
              signInPage({ action, appName: name, email, error: signInCoolDownMessage(slot.wait / 60) }),
            );
          }
          const user = await app.userRepository.findActiveByEmail(email);
          if (!user || !(await verifyPassword(user.password_hash ?? null, password)))
            return page(reply, 401, signInPage({ action, appName: name, email, error: MESSAGES.badLogin }));
          await app.signInGuard.succeeded(email, request.clientIp, slot);
          await finish(request, reply, { login: { accountId: String(user.user_id) } }, false);
          return reply;
        },
      );

      scope.post<{ Params: { uid: string } }>(
        `${OAUTH2_PATH}/interaction/:uid/confirm`,
        { schema: { hide: true } },
        async (request, reply) => {
          const interaction = await details(request, reply);
          if (!interaction) return reply;
          if (interaction.prompt.name !== 'consent' || !interaction.session?.accountId)
            return page(reply, 400, errorPage(PARTNER_MESSAGES.consentExpired));
          const grant = interaction.grantId
            ? await provider.Grant.find(interaction.grantId)
            : new provider.Grant({
                accountId: interaction.session.accountId,
                clientId: String(interaction.params.client_id),
              });
          if (!grant) return page(reply, 400, errorPage(PARTNER_MESSAGES.consentExpired));
          const missing = (interaction.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
          for (const [indicator, scopes] of Object.entries(missing))
            grant.addResourceScope(indicator, scopes.join(' '));
          const oidcScopes = interaction.prompt.details.missingOIDCScope as string[] | undefined;
          if (oidcScopes) grant.addOIDCScope(oidcScopes.join(' '));
          const grantId = await grant.save();
          await finish(request, reply, { consent: interaction.grantId ? {} : { grantId } });
          return reply;
        },
      );

      scope.post<{ Params: { uid: string } }>(
        `${OAUTH2_PATH}/interaction/:uid/abort`,
        { schema: { hide: true } },
        async (request, reply) => {
          const interaction = await details(request, reply);
          if (!interaction) return reply;
          await finish(
            request,
            reply,
            { error: 'access_denied', error_description: 'The member declined the connection.' },
            false,
          );
          return reply;
        },
      );
    });
  },
  { name: 'partner-provider', dependencies: ['account-config', 'knex', 'partner-app-repository', 'user-repository'] },
);
