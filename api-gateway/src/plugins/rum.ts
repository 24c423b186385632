import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { ERROR_CODES, MESSAGES, failure, ok, type Registry } from '@sq/contracts';
import { addressGroup } from '@sq/service-kit';
import {
  DEFAULT_RELEASE_WINDOW,
  RELEASE_WINDOWS,
  SHELL_REMOTE,
  rumBeacon,
  type ReleaseWindow,
  type RemoteReleaseFigures,
  type RumBeacon,
} from '@sq/contracts/rum';
import { assignmentFor, readAssignment, signAssignment, type Assignment } from '../rum/assignment';
import { pruneBudget, takeBudget } from '../rum/budget';
import type { RumConfig } from '../rum/config';
import { pruneEvents, storeEvents, windowFigures } from '../rum/figures';
import type { ReadReleaseState, RemoteReleaseState } from '../rum/release-state';
import { TOKEN_MESSAGES } from './auth';
import { jsonDepthExceeds } from './input-guard';

export interface RumOptions {
  knex: Knex;
  config: RumConfig;
  readReleaseState: ReadReleaseState;
  /** Signs and checks assignments, and keys the stored hashes of visitors and addresses (rum/assignment.ts). */
  signingKey: Buffer;
  /** The shell's version as its build wrote it (shell-version.json), or null when unknown. */
  shellVersion: () => Promise<string | null>;
  /** Origins other than the gateway's own whose pages may report (CORS_ORIGINS: the site on a host of its own). */
  siteOrigins: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes the field figures older than RUM_RETENTION_DAYS now (an interval does it too). */
    pruneRumEvents(): Promise<number>;
    /** The signed assignment a page carries for this visitor, who runs the registry as resolved for them. */
    rumAssignment(visitor: string, registry: Registry): Promise<string>;
  }
}

/** A report is a flat list of events: two levels of arrays and objects, nothing deeper. */
const REPORT_MAX_DEPTH = 4;

const invalid = () => failure(ERROR_CODES.badRequest, MESSAGES.rumReportInvalid);
const refused = (message: string) => failure(ERROR_CODES.forbidden, message);

/**
 * A report from a page of another site: its browser says so (`Sec-Fetch-Site`, `Origin`; browsers set both and
 * scripts cannot change them). The site's own origin is the gateway's, or one of the configured site origins.
 */
function crossSite(request: FastifyRequest, siteOrigins: Set<string>): boolean {
  const origin = request.headers.origin;
  const configured = origin !== undefined && siteOrigins.has(origin);
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}` && !configured) return true;
  // same-site or cross-site is the site's own only where the site lives on a configured origin of its own.
  const fetchSite = request.headers['sec-fetch-site'];
  return fetchSite !== undefined && fetchSite !== 'same-origin' && !configured;
}

/** Whether every event names the version the assignment gave, of a version the remote has released (live, canary or history). */
function namesOnlyAssigned(beacon: RumBeacon, assignment: Assignment, state: RemoteReleaseState[]): boolean {
  // Where the gateway knows no shell version, the shell's own events cannot match and only remotes' count.
  if (assignment.shell !== null && beacon.shellVersion !== assignment.shell) return false;
  return beacon.events.every((event) => {
    if (event.remote === SHELL_REMOTE) return event.remoteVersion === assignment.shell;
    if (assignment.versions[event.remote] !== event.remoteVersion) return false;
    const remote = state.find((r) => r.name === event.remote);
    return (
      remote !== undefined &&
      [remote.live?.version, remote.canary?.version, ...remote.history.map((h) => h.version)].includes(
        event.remoteVersion,
      )
    );
  });
}

/**
 * Field figures: `POST /api/rum`, where visitors' browsers send page views, Web Vitals and errors (public, no
 * cookie or token read, its own rate limit, a small body cap), and `GET /api/admin/releases`, the figures per
 * remote version for operators and a remote's CI.
 */
export default fp<RumOptions>(
  async (app, { knex, config, readReleaseState, signingKey, shellVersion, siteOrigins }) => {
    const prune = async () => {
      await pruneBudget(knex);
      return pruneEvents(knex, config.retentionDays);
    };
    app.decorate('pruneRumEvents', prune);
    app.decorate('rumAssignment', async (visitor: string, registry: Registry) =>
      signAssignment(signingKey, assignmentFor(visitor, registry, await shellVersion(), config.assignmentTtlMs)),
    );
    const hashed = (label: string, value: string) =>
      createHmac('sha256', signingKey).update(`${label}:${value}`).digest('base64url').slice(0, 22);
    const ownOrigins = new Set(siteOrigins);

    // /metrics and the log: reports shed because every gateway together reached RUM_INSERT_BUDGET_PER_MINUTE.
    const shed = app.metrics.counter(
      'gateway_rum_shed_events_total',
      'Field-figure events not stored because the insert budget per minute was spent.',
      [],
    );
    let shedLoggedAt = 0;
    const logShed = (events: number) => {
      shed.inc(events);
      // One line a minute per instance is enough to see it; the counter has the totals.
      if (Date.now() - shedLoggedAt < 60_000) return;
      shedLoggedAt = Date.now();
      app.log.warn(
        { events, budgetPerMinute: config.insertBudgetPerMinute },
        'field figures shed: insert budget per minute spent',
      );
    };
    const pruner = setInterval(
      () => void prune().catch((error: unknown) => app.log.warn({ err: error }, 'field figures not pruned')),
      config.pruneIntervalMs,
    );
    pruner.unref();
    app.addHook('onClose', async () => clearInterval(pruner));

    // sendBeacon posts text/plain (no preflight); a fetch fallback may post application/json. Both are read
    // here as text, with this route's own size cap, before any parsing.
    await app.register(async (reports) => {
      reports.removeAllContentTypeParsers();
      reports.addContentTypeParser(
        ['text/plain', 'application/json'],
        { parseAs: 'string', bodyLimit: config.bodyMaxBytes },
        (_request, body, done) => {
          const text = body as string;
          if (jsonDepthExceeds(text, REPORT_MAX_DEPTH))
            return done(Object.assign(new Error('report nested too deeply'), { statusCode: 400 }), undefined);
          try {
            done(null, JSON.parse(text));
          } catch {
            done(Object.assign(new Error('report is not JSON'), { statusCode: 400 }), undefined);
          }
        },
      );
      reports.setErrorHandler((error, request, reply) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status === 413) return reply.status(413).send(failure(ERROR_CODES.badRequest, MESSAGES.rumReportTooLarge));
        if (status === 400 || status === 415) return reply.status(status).send(invalid());
        if (status === 429)
          return reply.status(429).send(failure(ERROR_CODES.tooManyRequests, MESSAGES.tooManyRequests));
        request.log.error({ err: error }, 'field figures not stored');
        return reply.status(500).send(failure(ERROR_CODES.internal, MESSAGES.defaultError));
      });

      const rateLimit = {
        max: config.rateLimitMax,
        timeWindow: config.rateLimitWindowMs,
        groupId: ':rum',
        keyGenerator: (request: FastifyRequest) => `rum:${addressGroup(request.ip)}`,
      };
      // Another site's page making its visitors' browsers report: refused before the body is read.
      const sameSiteOnly = async (request: FastifyRequest, reply: FastifyReply) => {
        if (crossSite(request, ownOrigins)) return reply.status(403).send(refused(MESSAGES.rumCrossSite));
      };
      reports.post('/api/rum', { config: { rateLimit }, onRequest: sameSiteOnly }, async (request, reply) => {
        // A report without an assignment this gateway signed (anonymous, forged, expired) is refused before its events are read.
        const token = (request.body as { assignment?: unknown } | null)?.assignment;
        const assignment = typeof token === 'string' ? readAssignment(signingKey, token) : null;
        if (!assignment) return reply.status(403).send(refused(MESSAGES.rumAssignmentInvalid));
        const parsed = rumBeacon.safeParse(request.body);
        if (!parsed.success) return reply.status(400).send(invalid());
        const state = await readReleaseState();
        const known = new Set([SHELL_REMOTE, ...state.map((remote) => remote.name)]);
        if (parsed.data.events.some((event) => !known.has(event.remote))) {
          return reply.status(400).send(failure(ERROR_CODES.badRequest, MESSAGES.rumUnknownRemote));
        }
        if (!namesOnlyAssigned(parsed.data, assignment, state))
          return reply.status(403).send(refused(MESSAGES.rumVersionNotAssigned));
        if (!(await takeBudget(knex, parsed.data.events.length, config.insertBudgetPerMinute))) {
          logShed(parsed.data.events.length);
          return reply
            .status(429)
            .header('retry-after', String(60 - new Date().getUTCSeconds()))
            .send(failure(ERROR_CODES.tooManyRequests, MESSAGES.rumBudgetExceeded));
        }
        await storeEvents(knex, parsed.data, {
          visitor: hashed('visitor', assignment.visitor),
          source: hashed('source', addressGroup(request.ip)),
        });
        return reply.status(204).send();
      });
    });

    app.get('/api/admin/releases', async (request, reply) => {
      if (!(await isOperator(app, request, reply))) return reply;
      const window = ((request.query as { window?: string }).window ?? DEFAULT_RELEASE_WINDOW) as ReleaseWindow;
      if (!Object.hasOwn(RELEASE_WINDOWS, window)) {
        return reply
          .status(400)
          .send(
            failure(ERROR_CODES.badRequest, MESSAGES.releaseWindowInvalid, { window: MESSAGES.releaseWindowInvalid }),
          );
      }
      const { hours, bucketMinutes } = RELEASE_WINDOWS[window];
      const to = new Date();
      const from = new Date(to.getTime() - hours * 3_600_000);
      const [state, figures] = await Promise.all([readReleaseState(), windowFigures(knex, from, to, bucketMinutes)]);
      const names = [...new Set([...state.map((remote) => remote.name), ...figures.byRemote.keys()])];
      const remotes: RemoteReleaseFigures[] = names.map((name) => {
        const release = state.find((remote) => remote.name === name) ?? {
          name,
          live: null,
          canary: null,
          history: [],
          events: [],
        };
        const seen = figures.byRemote.get(name) ?? new Map();
        const empty = (version: string) => ({
          version,
          views: 0,
          errors: 0,
          errorRate: null,
          LCP: null,
          INP: null,
          CLS: null,
          buckets: [],
        });
        // The live version and any canary first (figures or not), then the others seen in the window, busiest first.
        const first = [release.live?.version, release.canary?.version].filter((v): v is string => Boolean(v));
        const rest = [...seen.values()].filter((v) => !first.includes(v.version)).sort((a, b) => b.views - a.views);
        const versions = [...first.map((version) => seen.get(version) ?? empty(version)), ...rest].slice(
          0,
          Math.max(first.length, config.versionsPerRemote),
        );
        return { ...release, versions };
      });
      return reply.send(ok({ window, from: from.toISOString(), to: to.toISOString(), bucketMinutes, remotes }));
    });
  },
  { name: 'rum', dependencies: ['auth', 'rate-limit', 'ops'] },
);

/** The gateway's own admin route: the same gate as the route table's `admin` rules (proxy.ts). */
async function isOperator(
  app: { authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
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
