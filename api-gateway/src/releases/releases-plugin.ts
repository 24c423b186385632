import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ERROR_CODES,
  MESSAGES,
  codeForStatus,
  failure,
  ok,
  releaseManifestUrlMessage,
  routeEntry,
  type Registry,
} from '@sq/contracts';
import { manifestUrlAllowed, remoteFolder } from '@sq/contracts/manifest-url';
import { mailerPlugin } from '@sq/service-kit';
import { startCanaryWatcher } from './canary-watcher';
import { promoteRemote, releaseRemote, rollbackRemote, ReleaseError, type ChangeResult } from './release-actions';
import { cachedRegistry, type SharedDeps } from './registry-store';
import { DEFAULT_REGISTRY_CACHE_MS, DEFAULT_WATCH, hashReleaseToken, type ReleasesConfig } from './releases-config';
import { registryFor, visitorId } from './visitor-version';

/** The header a CI job sends its release token in (a bearer token is always read as an operator's JWT). */
export const RELEASE_TOKEN_HEADER = 'x-release-token';
/** Optional name of the CI job for the audit log (e.g. `mfe-itskill#421`). */
export const RELEASE_ACTOR_HEADER = 'x-release-actor';

const remoteName = z.string().regex(/^[a-z][a-z0-9_]*$/);
const revision = z.number().int().positive().optional();

export const releaseBody = z.object({
  version: z.string().min(1).max(64),
  manifestUrl: z.string().min(1).max(2_000),
  routes: z.array(routeEntry).min(1),
  /** The build's shared-deps.json `requires` (dependency → semver range). */
  shared: z.record(z.string(), z.string()).default({}),
  canaryPercent: z.number().int().min(1).max(99).optional(),
  force: z.boolean().default(false),
  expectedRevision: revision,
});
export const rollbackBody = z.object({
  toVersion: z.string().min(1).max(64).optional(),
  reason: z.string().max(500).optional(),
  expectedRevision: revision,
});
export const promoteBody = z.object({ expectedRevision: revision });

export interface ReleasesPluginOptions {
  knex: Knex;
  siteName: string;
  config?: Partial<ReleasesConfig>;
  /** Origins besides the site's own that may serve bundles (CSP_ASSET_ORIGINS): where a release's manifest may be. */
  assetOrigins?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The registry as the request's visitor runs it (visitor-version.ts; a visitor without an id is given one
     * with the reply): what `/remotes.json` answers and what the page's first content is rendered from.
     */
    visitorRegistry(request: FastifyRequest, reply: FastifyReply): Promise<Registry>;
  }
  interface FastifyRequest {
    /** The visitor id `visitorRegistry` resolved the registry for (given with the reply when new); null before. */
    visitor: string | null;
  }
}

/** The shell's shared-deps.json `provides`, read at each release (a shell release replaces the file). */
function readShellProvides(file: string | null): SharedDeps | null {
  if (!file || !fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { provides?: SharedDeps }).provides ?? null;
}

function sameToken(given: string, expectedHash: string): boolean {
  const a = Buffer.from(hashReleaseToken(given), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The remote registry on every gateway: `/remotes.json` from PostgreSQL, the operator release API
 * (`/api/releases/...`: an operator's JWT with ROLE_ADMIN, or a CI job's release token) and the canary watcher.
 */
export default fp<ReleasesPluginOptions>(
  async (app, { knex, siteName, config = {}, assetOrigins = [] }) => {
    const readRegistry = cachedRegistry(knex, config.registryCacheMs ?? DEFAULT_REGISTRY_CACHE_MS);
    app.decorateRequest('visitor', null);
    app.decorate('visitorRegistry', async (request: FastifyRequest, reply: FastifyReply) => {
      // The id first: a new visitor keeps the one given even when the registry cannot be read this time.
      const visitor = (request.visitor ??= visitorId(request, reply));
      return registryFor(await readRegistry(), visitor);
    });
    app.get('/remotes.json', async (request, reply) => {
      const body = JSON.stringify({ ...(await app.visitorRegistry(request, reply)), assetOrigins });
      // Each visitor's own answer: never stored by any cache (a shared one would hand it to other visitors).
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('vary', 'Cookie')
        .send(body);
    });

    /** Who is releasing, or null once the refusal is sent. */
    const releaser = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
      const token = request.headers[RELEASE_TOKEN_HEADER];
      if (typeof token === 'string' && config.releaseTokenHash && sameToken(token, config.releaseTokenHash)) {
        const job = request.headers[RELEASE_ACTOR_HEADER];
        return typeof job === 'string' && /^[\w .#:@/-]{1,80}$/.test(job) ? `ci:${job}` : 'ci';
      }
      if (token === undefined) {
        await app.authenticate(request, reply);
        if (request.caller?.role === 'ROLE_ADMIN') return `operator:${request.caller.userId}`;
        if (request.caller) {
          await reply.status(403).send(failure(ERROR_CODES.forbidden, MESSAGES.forbidden));
          return null;
        }
      }
      await reply.status(401).send(failure(ERROR_CODES.unauthorized, MESSAGES.releaseTokenRequired));
      return null;
    };

    const answer = (reply: FastifyReply, run: () => Promise<ChangeResult>) =>
      run().then(
        (result) =>
          reply.send(
            ok({
              remote: result.pointer.remote,
              changed: result.changed,
              event: result.kind,
              live: result.pointer.live,
              canary: result.pointer.canary,
              revision: result.pointer.revision,
            }),
          ),
        (error: unknown) => {
          if (!(error instanceof ReleaseError)) throw error;
          return reply.status(error.status).send({
            ...failure(codeForStatus(error.status), error.message),
            ...(error.skew.length ? { skew: error.skew } : {}),
          });
        },
      );

    const parse = <T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | null => {
      const parsed = schema.safeParse(body ?? {});
      if (parsed.success) return parsed.data;
      void reply.status(400).send(failure(ERROR_CODES.badRequest, MESSAGES.releaseInvalid));
      return null;
    };

    app.post<{ Params: { remote: string } }>('/api/releases/:remote', async (request, reply) => {
      const actor = await releaser(request, reply);
      if (!actor) return reply;
      const body = parse(releaseBody, request.body, reply);
      if (!body || !remoteName.safeParse(request.params.remote).success)
        return body ? reply.status(400).send(failure(ERROR_CODES.badRequest, MESSAGES.releaseInvalid)) : reply;
      const { version, manifestUrl, routes, shared, canaryPercent, force, expectedRevision } = body;
      const remote = request.params.remote;
      // Only the site's own bundles of this remote and version, or a configured asset origin: never off-site,
      // data: or javascript: URLs the shell would otherwise register as given.
      if (!manifestUrlAllowed(manifestUrl, { remote, version }, assetOrigins)) {
        return reply
          .status(400)
          .send(failure(ERROR_CODES.badRequest, releaseManifestUrlMessage(remoteFolder(remote), version)));
      }
      return answer(reply, async () => {
        const result = await releaseRemote(knex, {
          build: { remote, version, manifestUrl, routes, shared },
          canaryPercent,
          force,
          expectedRevision,
          actor,
          shellProvides: readShellProvides(config.shellSharedDepsFile ?? null),
        });
        if (result.takenRoute)
          app.log.warn(
            { remote, version, actor, path: result.takenRoute.path, owner: result.takenRoute.owner },
            "release forced over another remote's routes",
          );
        return result;
      });
    });

    app.post<{ Params: { remote: string } }>('/api/releases/:remote/promote', async (request, reply) => {
      const actor = await releaser(request, reply);
      if (!actor) return reply;
      const body = parse(promoteBody, request.body, reply);
      if (!body) return reply;
      return answer(reply, () =>
        promoteRemote(knex, { remote: request.params.remote, actor, expectedRevision: body.expectedRevision }),
      );
    });

    app.post<{ Params: { remote: string } }>('/api/releases/:remote/rollback', async (request, reply) => {
      const actor = await releaser(request, reply);
      if (!actor) return reply;
      const body = parse(rollbackBody, request.body, reply);
      if (!body) return reply;
      return answer(reply, () => rollbackRemote(knex, { remote: request.params.remote, actor, ...body }));
    });

    const watch = { ...DEFAULT_WATCH, ...config.watch };
    if (watch.intervalMs > 0) {
      await app.register(mailerPlugin, { smtp: config.smtp });
      // Only the gateway whose compare-and-swap won counts a rollback: the sum over gateways is the number made.
      const rollbacks = app.metrics.counter(
        'release_canary_rollbacks_total',
        'Canary releases this gateway rolled back automatically, by remote.',
        ['remote'],
      );
      const anomalies = app.metrics.counter(
        'gateway_release_watch_anomalies_total',
        'Canaries whose field figures came from too few visitors or addresses to judge (owners alerted, nothing decided).',
        ['remote'],
      );
      const stop = startCanaryWatcher({
        knex,
        settings: watch,
        mailer: app.mailer,
        owners: config.owners ?? {},
        siteName,
        log: app.log,
        rollbacks,
        anomalies,
      });
      app.addHook('onClose', stop);
    }
  },
  { name: 'releases', dependencies: ['auth'] },
);
