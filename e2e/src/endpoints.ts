/**
 * A Service's endpoints as the endpoints controller keeps them and kube-proxy learns them: a pod is listed
 * while its readiness probe (the process's ops `/readyz`, read every `probePeriodMs` as the kubelet does) passes
 * and it is not terminating; a terminating pod is taken out at once, the same moment the kubelet signals it.
 * Every change reaches the balancer `propagationMs` later (the EndpointSlice update travelling to each node and
 * kube-proxy's next sync). The balancer thus learns that a pod stopped on its own schedule, never from the
 * process itself.
 */
export interface Pod {
  /** Where the Service sends traffic, e.g. `http://127.0.0.1:4102`. */
  url: string;
  /** Its readiness probe (the process's ops port's /readyz). */
  readyUrl: string;
}

export interface EndpointTiming {
  probePeriodMs: number;
  propagationMs: number;
}

/** A readiness probe every second (the manifests probe every 3 s), a second for the change to reach kube-proxy. */
export const TEST_ENDPOINT_TIMING: EndpointTiming = { probePeriodMs: 1_000, propagationMs: 1_000 };

export interface Endpoints {
  /** The endpoints the balancer sends new connections to now. */
  listed(): string[];
  /** A new pod: listed once its probe passes (and the change has spread). */
  add(pod: Pod): void;
  /** The pod is deleted: it leaves the endpoints (after the propagation) and is no longer probed. */
  terminate(url: string): void;
  /** Resolves once the balancer lists `url`. */
  untilListed(url: string, timeoutMs?: number): Promise<void>;
  stop(): void;
}

export async function watchEndpoints(pods: Pod[], timing: EndpointTiming = TEST_ENDPOINT_TIMING): Promise<Endpoints> {
  const listed = new Set<string>();
  const known = new Map<string, Pod>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (action: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) action();
    }, ms);
    timers.add(timer);
  };
  const probe = async (pod: Pod) => {
    if (!known.has(pod.url)) return;
    const ready = await fetch(pod.readyUrl, { signal: AbortSignal.timeout(timing.probePeriodMs) }).then(
      (r) => r.ok,
      () => false,
    );
    // A pod deleted while its probe was out stays deleted.
    if (!known.has(pod.url)) return;
    later(() => {
      if (ready && known.has(pod.url)) listed.add(pod.url);
      else listed.delete(pod.url);
    }, timing.propagationMs);
    later(() => void probe(pod), timing.probePeriodMs);
  };
  // At the start every pod is taken as its probe finds it, at once (the Service existed before the test).
  await Promise.all(
    pods.map(async (pod) => {
      known.set(pod.url, pod);
      if (
        await fetch(pod.readyUrl).then(
          (r) => r.ok,
          () => false,
        )
      )
        listed.add(pod.url);
      later(() => void probe(pod), timing.probePeriodMs);
    }),
  );
  return {
    listed: () => [...listed],
    add(pod) {
      known.set(pod.url, pod);
      void probe(pod);
    },
    terminate(url) {
      known.delete(url);
      later(() => listed.delete(url), timing.propagationMs);
    },
    async untilListed(url, timeoutMs = 240_000) {
      const deadline = Date.now() + timeoutMs;
      while (!listed.has(url)) {
        if (Date.now() > deadline) throw new Error(`${url} never listed in the endpoints`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop() {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
    },
  };
}
