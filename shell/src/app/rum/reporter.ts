import type { RumBeacon, RumEvent, RumMetric } from '@sq/contracts/rum';

/** What a report is attributed to: the route pattern (never the real path), the remote owning it, its version. */
export interface Attribution {
  route: string;
  remote: string;
  remoteVersion: string;
}

export type Navigation = RumEvent['navigation'];

export interface ReporterOptions {
  shellVersion: string;
  /** The page's signed assignment (RumSettings.assignment), sent with every beacon. */
  assignment: string;
  /** Where the shell cuts an error's `name: message` and its stack (the gateway's RUM_ERROR_*_MAX). */
  messageMax: number;
  stackMax: number;
  /** Sends one beacon's body; false when the browser refused it (the events are kept for the next flush). */
  send: (body: string) => boolean;
}

/** contracts' RUM_LIMITS.eventsPerBeacon, written out: importing values from contracts/rum would pull zod in. */
export const EVENTS_PER_BEACON = 50;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** URLs in a message or stack lose their query and fragment (where a page's input travels), not a frame's line:column. */
const withoutQueries = (text: string) => text.replace(/[?#][^\s)]*?(?=:\d+:\d+(?:[\s)]|$)|[\s)]|$)/g, '');

/**
 * An error's message without what it may carry of the visitor's input: quoted text (a value echoed in a
 * message), e-mail addresses, long digit runs (phone numbers, ids), URL queries; then cut to `max`.
 */
export function scrubMessage(text: string, max: number): string {
  return cut(
    withoutQueries(
      text
        .replace(/(["'`]).*?\1/g, '$1…$1')
        .replace(/[^\s@]+@[^\s@]+/g, '…@…')
        .replace(/\d{5,}/g, '…'),
    ),
    max,
  );
}

/** A stack names code, not input: only URL queries go, then it is cut to `max`. */
export function scrubStack(stack: string, max: number): string {
  return cut(withoutQueries(stack), max);
}

/**
 * The page's field-figure queue: page views, vitals and errors, each attributed when it happens, sent in
 * beacons of at most EVENTS_PER_BEACON when the page is hidden or the queue fills.
 */
export function createReporter(options: ReporterOptions) {
  let queue: RumEvent[] = [];

  const flush = () => {
    while (queue.length > 0) {
      const events = queue.slice(0, EVENTS_PER_BEACON);
      const body: RumBeacon = { assignment: options.assignment, shellVersion: options.shellVersion, events };
      if (!options.send(JSON.stringify(body))) return;
      queue = queue.slice(events.length);
    }
  };
  const push = (event: RumEvent) => {
    queue.push(event);
    if (queue.length >= EVENTS_PER_BEACON) flush();
  };

  return {
    view(at: Attribution, navigation: Navigation) {
      push({ kind: 'view', navigation, ...at });
    },
    vital(at: Attribution, navigation: Navigation, metric: RumMetric, value: number) {
      push({ kind: 'vital', navigation, ...at, metric, value: Math.max(0, value) });
    },
    error(at: Attribution, navigation: Navigation, error: unknown) {
      const { name, message, stack } = (error ?? {}) as { name?: unknown; message?: unknown; stack?: unknown };
      const text =
        typeof message === 'string' ? `${typeof name === 'string' ? name : 'Error'}: ${message}` : String(error);
      push({
        kind: 'error',
        navigation,
        ...at,
        message: scrubMessage(text, options.messageMax),
        stack: typeof stack === 'string' ? scrubStack(stack, options.stackMax) : '',
      });
    },
    flush,
    get pending(): number {
      return queue.length;
    },
  };
}

export type Reporter = ReturnType<typeof createReporter>;
