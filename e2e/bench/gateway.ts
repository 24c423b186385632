import { load, type LoadResult } from './load';

/** The goal for the gateway: at least this share of direct throughput, at most this much p99 added. */
export const GATEWAY_GOAL = { throughputShare: 0.8, p99OverheadMs: 2 } as const;

/**
 * One public GET through the gateway and straight to its service, side by side in one run: throughput, p50,
 * p99, the gateway's share of direct throughput and the p99 it adds. Rounds alternate the two targets so a
 * noisy neighbour on the machine hits both alike; the figures are the sums (throughput) and the medians (p99).
 */
export async function benchGateway(siteUrl: string, serviceUrl: string, options: { seconds?: number; rounds?: number } = {}): Promise<{ direct: LoadResult; gateway: LoadResult }> {
  const path = '/api/projects?size=12';
  const rounds = options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3);
  const config = { connections: 16, seconds: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5) / rounds, maxRequests: 200_000 };
  const targets = { direct: `${serviceUrl}${path}`, gateway: `${siteUrl.replace('localhost', '127.0.0.1')}${path}` };
  console.log(`\nGET ${path}: ${config.connections} connections, ${rounds} alternating rounds of ${config.seconds.toFixed(1)} s each`);
  // Warm both paths (connection pools, JIT, the limiter's first look-up) before measuring.
  await load(targets.gateway, { ...config, seconds: 1 });
  await load(targets.direct, { ...config, seconds: 1 });
  const runs: Record<'direct' | 'gateway', LoadResult[]> = { direct: [], gateway: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const which of round % 2 ? (['gateway', 'direct'] as const) : (['direct', 'gateway'] as const)) runs[which].push(await load(targets[which], config));
  }
  const direct = combine(runs.direct);
  const gateway = combine(runs.gateway);
  const row = (label: string, r: LoadResult) =>
    console.log(`  ${label.padEnd(26)} ${r.perSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50ms.toFixed(2)} ms   p99 ${r.p99ms.toFixed(2)} ms   errors ${r.errors}`);
  row('direct to content service', direct);
  row('through the gateway', gateway);
  const share = gateway.perSecond / Math.max(1, direct.perSecond);
  const overhead = gateway.p99ms - direct.p99ms;
  const verdict = (okay: boolean) => (okay ? 'ok' : 'below goal');
  console.log(`  gateway / direct throughput ${(share * 100).toFixed(0).padStart(4)} %   (goal >= ${GATEWAY_GOAL.throughputShare * 100} %: ${verdict(share >= GATEWAY_GOAL.throughputShare)})`);
  console.log(`  p99 added by the gateway   ${overhead.toFixed(2).padStart(5)} ms  (goal <= ${GATEWAY_GOAL.p99OverheadMs} ms: ${verdict(overhead <= GATEWAY_GOAL.p99OverheadMs)})`);
  return { direct, gateway };
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
