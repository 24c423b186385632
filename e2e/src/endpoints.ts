/**
 * The endpoints of a Service as a balancer sees them: each endpoint's readiness probe is read every
 * `probePeriodMs` (the kubelet's readiness probe), and what it finds reaches the balancer `propagationMs`
 * later (the EndpointSlice update travelling to every node). The balancer thus learns that a pod stopped on
 * its own schedule, well after the process got its signal, never from the process itself.
 */
export interface EndpointTarget {
  /** Where the balancer sends traffic, e.g. `http://127.0.0.1:4102`. */
  url: string;
  /** The process's readiness probe (its ops port's /readyz). */
  readyUrl: string;
}

export interface EndpointTiming {
  probePeriodMs: number;
  propagationMs: number;
}

/** Kubernetes-like timing at test speed: a probe every half second, a second for the update to spread. */
export const TEST_ENDPOINT_TIMING: EndpointTiming = { probePeriodMs: 500, propagationMs: 1_000 };

export interface Endpoints {
  /** The endpoints the balancer currently sends new traffic to. */
  ready(): string[];
  stop(): void;
}

export async function watchEndpoints(targets: EndpointTarget[], timing: EndpointTiming = TEST_ENDPOINT_TIMING): Promise<Endpoints> {
  const listed = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (action: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) action();
    }, ms);
    timers.add(timer);
  };
  const probe = async (target: EndpointTarget) => {
    const ready = await fetch(target.readyUrl, { signal: AbortSignal.timeout(timing.probePeriodMs) }).then((r) => r.ok, () => false);
    // What the probe saw reaches the balancer only after the update has spread.
    later(() => (ready ? listed.add(target.url) : listed.delete(target.url)), timing.propagationMs);
    later(() => void probe(target), timing.probePeriodMs);
  };
  // At the start every endpoint is taken as the probe finds it, at once (the Service existed before the test).
  await Promise.all(targets.map(async (target) => {
    if (await fetch(target.readyUrl).then((r) => r.ok, () => false)) listed.add(target.url);
    later(() => void probe(target), timing.probePeriodMs);
  }));
  return {
    ready: () => targets.map((t) => t.url).filter((url) => listed.has(url)),
    stop() {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
    },
  };
}
