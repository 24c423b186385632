import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, type AccessTokenClaims } from '@sq/contracts';
import { signIdentity } from '@sq/service-kit';
import {
  differenceInterval,
  formatInterval,
  intervalVerdict,
  ratioInterval,
  type Interval,
} from '@sq/stack/bench/stats';
import { stackSecrets } from '@sq/stack/secrets';
import { DEMO_MEMBER, signInToken } from '../src/session';
import { load, loadAtRate, type LoadResult } from './load';

/** The goal for the gateway: at least this share of direct throughput, at most this much p99 added. */
export const GATEWAY_GOAL = { throughputShare: 0.8, p99OverheadMs: 2 } as const;

interface Target {
  url: string;
  headers: Record<string, string>;
}

/** The fixed rate the added latency is measured at: this share of the direct path's measured throughput. */
const LATENCY_RATE_SHARE = 0.5;

interface PathFigures {
  direct: LoadResult;
  gateway: LoadResult;
  share: number;
  /** p99 added at saturation (closed loop): mostly the throughput gap, as queueing. */
  overheadMs: number;
  /** p99 added at a fixed rate both paths can carry (open loop): what the hop itself adds to a request. */
  atRate: { rate: number; direct: LoadResult; gateway: LoadResult; overheadMs: number };
  /** Each round's gateway share of direct throughput: the spread shows how noisy the machine was. */
  roundShares: number[];
  /** The 95 % intervals over the rounds' pairs: of the throughput share, and of the p99 added at the fixed rate. */
  shareInterval: Interval | null;
  addedInterval: Interval | null;
}

/** Alternating rounds per target by default: enough pairs for an interval that can decide (BENCH_ROUNDS). */
const DEFAULT_ROUNDS = 10;
/** Seconds of load per target and round by default (BENCH_SECONDS is the whole per target, over the rounds). */
const DEFAULT_ROUND_SECONDS = 1;

/**
 * One GET through the gateway and straight to its service, side by side in one run, twice: as a visitor,
 * and as a signed-in member (bearer token through the gateway; straight to the service with the signed
 * identity the gateway would forward). Rounds alternate the two targets so a noisy neighbour on the machine
 * hits both alike; the figures are the sums (throughput) and the medians (p99), and each round's two loads are
 * a pair: the verdicts rest on the 95 % interval over the pairs (of the throughput share, and of the p99 added), met
 * or not met only when the whole interval is on one side of the goal. Throughput is measured closed loop (each connection sends its next request when answered);
 * the added p99 at a fixed open-loop rate of half the direct throughput, because at saturation the p99 gap
 * is the throughput gap again, as queueing, not the latency the hop adds to a request.
 */
export async function benchGateway(
  siteUrl: string,
  serviceUrl: string,
  options: { seconds?: number; rounds?: number } = {},
): Promise<{ visitor: PathFigures; member: PathFigures }> {
  const path = '/api/projects?size=12';
  const rounds = options.rounds ?? Number(process.env.BENCH_ROUNDS ?? DEFAULT_ROUNDS);
  const config = {
    connections: 16,
    seconds: options.seconds ?? Number(process.env.BENCH_SECONDS ?? rounds * DEFAULT_ROUND_SECONDS) / rounds,
    maxRequests: 200_000,
  };
  const gatewayOrigin = siteUrl.replace('localhost', '127.0.0.1');
  const token = await signInToken(gatewayOrigin, DEMO_MEMBER);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as AccessTokenClaims;
  const identity = signIdentity(
    { userId: Number(claims.sub), role: claims.role, sid: claims.sid },
    stackSecrets().INTERNAL_SECRET,
  );

  console.log(
    `\nGET ${path}: ${config.connections} connections, ${rounds} alternating rounds of ${config.seconds.toFixed(1)} s per target`,
  );
  console.log(
    `  goal: gateway / direct >= ${GATEWAY_GOAL.throughputShare * 100} %, p99 added <= ${GATEWAY_GOAL.p99OverheadMs} ms`,
  );
  const visitor = await measure(
    'visitor',
    { url: `${serviceUrl}${path}`, headers: {} },
    { url: `${gatewayOrigin}${path}`, headers: {} },
    rounds,
    config,
  );
  const member = await measure(
    'member',
    {
      url: `${serviceUrl}${path}`,
      headers: { [IDENTITY_HEADER]: identity.header, [IDENTITY_SIGNATURE_HEADER]: identity.signature },
    },
    { url: `${gatewayOrigin}${path}`, headers: { authorization: `Bearer ${token}` } },
    rounds,
    config,
  );
  return { visitor, member };
}

async function measure(
  label: string,
  direct: Target,
  gateway: Target,
  rounds: number,
  config: { connections: number; seconds: number; maxRequests: number },
): Promise<PathFigures> {
  // Warm both paths (connection pools, JIT, the limiter's and the session cache's first look-ups) before measuring.
  await load(gateway.url, { ...config, seconds: 1, headers: gateway.headers });
  await load(direct.url, { ...config, seconds: 1, headers: direct.headers });
  const runs: Record<'direct' | 'gateway', LoadResult[]> = { direct: [], gateway: [] };
  const targets = { direct, gateway };
  for (let round = 0; round < rounds; round += 1) {
    for (const which of round % 2 ? (['gateway', 'direct'] as const) : (['direct', 'gateway'] as const)) {
      runs[which].push(await load(targets[which].url, { ...config, headers: targets[which].headers }));
    }
  }
  const closedDirect = combine(runs.direct);
  const rate = Math.max(50, Math.round(closedDirect.perSecond * LATENCY_RATE_SHARE));
  const atRate: Record<'direct' | 'gateway', LoadResult[]> = { direct: [], gateway: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const which of round % 2 ? (['gateway', 'direct'] as const) : (['direct', 'gateway'] as const)) {
      atRate[which].push(
        await loadAtRate(targets[which].url, {
          rate,
          seconds: config.seconds,
          connections: config.connections * 4,
          headers: targets[which].headers,
        }),
      );
    }
  }
  const rated = { direct: combine(atRate.direct), gateway: combine(atRate.gateway) };
  const figures: PathFigures = {
    direct: closedDirect,
    gateway: combine(runs.gateway),
    share: 0,
    overheadMs: 0,
    atRate: { rate, ...rated, overheadMs: rated.gateway.p99ms - rated.direct.p99ms },
    roundShares: runs.gateway.map((g, i) => g.perSecond / Math.max(1, runs.direct[i]!.perSecond)),
    // Each round's two loads are a pair: measured back to back, they share the machine's moment.
    shareInterval: ratioInterval(
      runs.gateway.map((g, i) => ({
        numerator: Math.max(1, g.perSecond),
        denominator: Math.max(1, runs.direct[i]!.perSecond),
      })),
    ),
    addedInterval: differenceInterval(
      atRate.gateway.map((g, i) => ({ after: g.p99ms, before: atRate.direct[i]!.p99ms })),
    ),
  };
  figures.share = figures.gateway.perSecond / Math.max(1, figures.direct.perSecond);
  figures.overheadMs = figures.gateway.p99ms - figures.direct.p99ms;

  const row = (name: string, r: LoadResult) =>
    console.log(
      `    ${name.padEnd(24)} ${r.perSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50ms.toFixed(2)} ms   p99 ${r.p99ms.toFixed(2)} ms   errors ${r.errors}`,
    );
  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  console.log(`  ${label}`);
  row('direct to the service', figures.direct);
  row('through the gateway', figures.gateway);
  const spread = `rounds ${pct(Math.min(...figures.roundShares))}-${pct(Math.max(...figures.roundShares))}`;
  console.log(
    `    gateway/direct ${pct(figures.share)} overall; per round ${formatInterval(figures.shareInterval)} ` +
      `(target >= ${GATEWAY_GOAL.throughputShare.toFixed(2)}: ${intervalVerdict(figures.shareInterval, { min: GATEWAY_GOAL.throughputShare })}; ${spread}), p99 added at saturation ${figures.overheadMs.toFixed(2)} ms`,
  );
  console.log(`    at a fixed ${rate} req/s (${pct(LATENCY_RATE_SHARE)} of direct throughput, open loop):`);
  row('direct to the service', figures.atRate.direct);
  row('through the gateway', figures.atRate.gateway);
  console.log(
    `    p99 added ${figures.atRate.overheadMs.toFixed(2)} ms (rounds' medians); per round ${formatInterval(figures.addedInterval)} ms ` +
      `(target <= ${GATEWAY_GOAL.p99OverheadMs} ms: ${intervalVerdict(figures.addedInterval, { max: GATEWAY_GOAL.p99OverheadMs })})`,
  );
  return figures;
}

function combine(results: LoadResult[]): LoadResult {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  return {
    target: results[0]?.target ?? '',
    requests,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    seconds,
    perSecond: requests / Math.max(seconds, 1e-9),
    p50ms: median(results.map((r) => r.p50ms)),
    p99ms: median(results.map((r) => r.p99ms)),
  };
}
