import { Pool } from 'undici';

export interface LoadResult {
  target: string;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
}

/** One GET target on loopback, with what each load records: a latency per answer, and its errors. */
function recorder(url: string, connections: number, headers?: Record<string, string>) {
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('load targets loopback only');
  const pool = new Pool(target.origin, { connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  return {
    started,
    /** Sends the GET; its latency counts from `since` (when it was sent, or when it was due). */
    async get(since = performance.now()): Promise<void> {
      try {
        const response = await pool.request({ method: 'GET', path: target.pathname + target.search, headers });
        await response.body.arrayBuffer();
        if (response.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - since);
    },
    async result(): Promise<LoadResult> {
      const seconds = (performance.now() - started) / 1000;
      await pool.close();
      latencies.sort((a, b) => a - b);
      const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      return {
        target: url,
        requests: latencies.length,
        errors,
        seconds,
        perSecond: latencies.length / seconds,
        p50ms: pick(0.5),
        p99ms: pick(0.99),
      };
    },
  };
}

/**
 * A closed-loop load on one GET: `connections` clients each send the next request when the last one is
 * answered. Bounded by time and by count, and only ever aimed at this machine's loopback.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; maxRequests: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const run = recorder(url, options.connections, options.headers);
  const deadline = run.started + options.seconds * 1000;
  let sent = 0;
  const client = async () => {
    while (performance.now() < deadline && sent < options.maxRequests) {
      sent += 1;
      await run.get();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  return run.result();
}

/**
 * An open-loop load on one GET: requests start at a fixed `rate` per second whether or not earlier ones were
 * answered, over up to `connections` connections. Each latency counts from the moment its request was due,
 * so a stall is charged to every request it delayed (no coordinated omission). At the same rate for both
 * targets, the p99 difference is what the hop adds at that load, not the queueing of a saturated machine.
 */
export async function loadAtRate(
  url: string,
  options: { rate: number; seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const run = recorder(url, options.connections, options.headers);
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const inFlight: Promise<void>[] = [];
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    // Every request that is due by now goes out now; a late timer sends the ones it owes at once.
    while (sent < total && run.started + sent * interval <= now) {
      inFlight.push(run.get(run.started + sent * interval));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, run.started + sent * interval - performance.now())));
  }
  await Promise.all(inFlight);
  return run.result();
}
