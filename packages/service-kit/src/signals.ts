import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `shutdown` on SIGINT or SIGTERM, then exits: 0 when it finished, 1 when it failed or did not finish
 * within `timeoutMs` (SHUTDOWN_TIMEOUT_MS). A close hook that waits on something that never ends (a pool client
 * held by a lost query, a peer that keeps its socket) must not keep a stopped process, and its port, alive:
 * the launcher that would kill it (`npm start`, Kubernetes) may be gone or may wait much longer. A second
 * signal of the same kind ends the process at once (Node's default), as a second Ctrl+C does.
 */
export function exitOnSignals(
  shutdown: (signal: string) => Promise<void>,
  log: FastifyBaseLogger,
  timeoutMs: number,
): void {
  const onSignal = (signal: string) => {
    const deadline = setTimeout(() => {
      log.error({ signal, timeoutMs }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
