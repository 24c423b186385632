import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { ERROR_CODES, MESSAGES, failure, ok } from '@sq/contracts';
import { DEFAULT_RELEASE_WINDOW, RELEASE_WINDOWS, SHELL_REMOTE, rumBeacon, type ReleaseWindow, type RemoteReleaseFigures } from '@sq/contracts/rum';
import type { RumConfig } from '../rum/config';
import { pruneEvents, storeEvents, windowFigures } from '../rum/figures';
import type { ReadReleaseState } from '../rum/release-state';
import { TOKEN_MESSAGES } from './auth';
import { jsonDepthExceeds } from './input-guard';

export interface RumOptions {
  knex: Knex;
  config: RumConfig;
  readReleaseState: ReadReleaseState;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes the field figures older than RUM_RETENTION_DAYS now (an interval does it too). */
    pruneRumEvents(): Promise<number>;
  }
}

/** A report is a flat list of events: two levels of arrays and objects, nothing deeper. */
const REPORT_MAX_DEPTH = 4;

const invalid = () => failure(ERROR_CODES.badRequest, MESSAGES.rumReportInvalid);

/**
 * Field figures: `POST /api/rum`, where visitors' browsers send page views, Web Vitals and errors (public, no
 * cookie or token read, its own rate limit, a small body cap), and `GET /api/admin/releases`, the figures per
 * remote version for operators and a remote's CI.
 */
export default fp<RumOptions>(
  async (app, { knex, config, readReleaseState }) => {
    const prune = async () => pruneEvents(knex, config.retentionDays);
    app.decorate('pruneRumEvents', prune);
    const pruner = setInterval(() => void prune().catch((error: unknown) => app.log.warn({ err: error }, 'field figures not pruned')), config.pruneIntervalMs);
    pruner.unref();
    app.addHook('onClose', async () => clearInterval(pruner));

    // sendBeacon posts text/plain (no preflight); a fetch fallback may post application/json. Both are read
    // here as text, with this route's own size cap, before any parsing.
    await app.register(async (reports) => {
      reports.removeAllContentTypeParsers();
      reports.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string', bodyLimit: config.bodyMaxBytes }, (_request, body, done) => {
        const text = body as string;
        if (jsonDepthExceeds(text, REPORT_MAX_DEPTH)) return done(Object.assign(new Error('report nested too deeply'), { statusCode: 400 }), undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(Object.assign(new Error('report is not JSON'), { statusCode: 400 }), undefined);
        }
      });
      reports.setErrorHandler((error, request, reply) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status === 413) return reply.status(413).send(failure(ERROR_CODES.badRequest, MESSAGES.rumReportTooLarge));
        if (status === 400 || status === 415) return reply.status(status).send(invalid());
        if (status === 429) return reply.status(429).send(failure(ERROR_CODES.tooManyRequests, MESSAGES.tooManyRequests));
        request.log.error({ err: error }, 'field figures not stored');
        return reply.status(500).send(failure(ERROR_CODES.internal, MESSAGES.defaultError));
      });

      reports.post('/api/rum', { config: { rateLimit: { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs, groupId: ':rum' } } }, async (request, reply) => {
        const parsed = rumBeacon.safeParse(request.body);
        if (!parsed.success) return reply.status(400).send(invalid());
        const known = new Set([SHELL_REMOTE, ...(await readReleaseState()).map((remote) => remote.name)]);
        if (parsed.data.events.some((event) => !known.has(event.remote))) {
          return reply.status(400).send(failure(ERROR_CODES.badRequest, MESSAGES.rumUnknownRemote));
        }
        await storeEvents(knex, parsed.data);
        return reply.status(204).send();
      });
    });

    app.get('/api/admin/releases', async (request, reply) => {
      if (!(await isOperator(app, request, reply))) return reply;
      const window = ((request.query as { window?: string }).window ?? DEFAULT_RELEASE_WINDOW) as ReleaseWindow;
      if (!Object.hasOwn(RELEASE_WINDOWS, window)) {
        return reply.status(400).send(failure(ERROR_CODES.badRequest, MESSAGES.releaseWindowInvalid, { window: MESSAGES.releaseWindowInvalid }));
      }
      const { hours, bucketMinutes } = RELEASE_WINDOWS[window];
      const to = new Date();
      const from = new Date(to.getTime() - hours * 3_600_000);
      const [state, figures] = await Promise.all([readReleaseState(), windowFigures(knex, from, to, bucketMinutes)]);
      const names = [...new Set([...state.map((remote) => remote.name), ...figures.byRemote.keys()])];
      const remotes: RemoteReleaseFigures[] = names.map((name) => {
        const release = state.find((remote) => remote.name === name) ?? { name, live: null, canary: null, history: [], events: [] };
        const seen = figures.byRemote.get(name) ?? new Map();
        const empty = (version: string) => ({ version, views: 0, errors: 0, errorRate: null, LCP: null, INP: null, CLS: null, buckets: [] });
        // The live version and any canary first (figures or not), then the others seen in the window, busiest first.
        const first = [release.live?.version, release.canary?.version].filter((v): v is string => Boolean(v));
        const rest = [...seen.values()].filter((v) => !first.includes(v.version)).sort((a, b) => b.views - a.views);
        return { ...release, versions: [...first.map((version) => seen.get(version) ?? empty(version)), ...rest] };
      });
      return reply.send(ok({ window, from: from.toISOString(), to: to.toISOString(), bucketMinutes, remotes }));
    });
  },
  { name: 'rum', dependencies: ['auth', 'rate-limit'] },
);

/** The gateway's own admin route: the same gate as the route table's `admin` rules (proxy.ts). */
async function isOperator(app: { authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> }, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  await app.authenticate(request, reply);
  if (request.tokenProblem) {
    void reply.status(401).send(failure(ERROR_CODES.unauthorized, TOKEN_MESSAGES[request.tokenProblem]));
    return false;
  }
  if (!request.caller) {
    void reply.status(401).send(failure(ERROR_CODES.unauthorized, MESSAGES.signInRequired));
    return false;
  }
  if (request.caller.role !== 'ROLE_ADMIN') {
    void reply.status(403).send(failure(ERROR_CODES.forbidden, MESSAGES.forbidden));
    return false;
  }
  return true;
}
