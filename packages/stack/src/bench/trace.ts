/**
 * The renderer main thread's CPU time in a Chromium trace (devtools.timeline categories), by kind of work and by
 * script. Pure: it reads trace events, as Chromium writes them (Trace Event Format, microseconds), and sums thread
 * durations (`tdur`: the time the thread ran, which a busy machine's other processes do not inflate).
 */

/** One trace event as Chromium writes it: complete ('X') or begin/end ('B'/'E') slices, marks ('I', 'R'), metadata ('M'). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; frame?: string; [key: string]: unknown };
    fileName?: string;
    [key: string]: unknown;
  };
}

/** The kinds of main-thread work the bench splits CPU time into (Lighthouse's groups of trace event names). */
export type WorkKind =
  | 'script evaluation'
  | 'script parse and compile'
  | 'parsing HTML and CSS'
  | 'style and layout'
  | 'paint and composite'
  | 'garbage collection'
  | 'other';

export const WORK_KINDS: readonly WorkKind[] = [
  'script evaluation',
  'script parse and compile',
  'parsing HTML and CSS',
  'style and layout',
  'paint and composite',
  'garbage collection',
  'other',
];

const KIND_OF: Record<string, WorkKind> = {
  EventDispatch: 'script evaluation',
  EvaluateScript: 'script evaluation',
  'v8.evaluateModule': 'script evaluation',
  FunctionCall: 'script evaluation',
  TimerFire: 'script evaluation',
  FireIdleCallback: 'script evaluation',
  FireAnimationFrame: 'script evaluation',
  RunMicrotasks: 'script evaluation',
  'V8.Execute': 'script evaluation',
  'v8.run': 'script evaluation',
  'v8.compile': 'script parse and compile',
  'v8.compileModule': 'script parse and compile',
  'V8.CompileCode': 'script parse and compile',
  'v8.parseOnBackground': 'script parse and compile',
  'v8.deserializeOnBackground': 'script parse and compile',
  CacheScript: 'script parse and compile',
  ParseHTML: 'parsing HTML and CSS',
  ParseAuthorStyleSheet: 'parsing HTML and CSS',
  ScheduleStyleRecalculation: 'style and layout',
  UpdateLayoutTree: 'style and layout',
  RecalculateStyles: 'style and layout',
  InvalidateLayout: 'style and layout',
  Layout: 'style and layout',
  Animation: 'paint and composite',
  HitTest: 'paint and composite',
  PaintSetup: 'paint and composite',
  Paint: 'paint and composite',
  PaintImage: 'paint and composite',
  PrePaint: 'paint and composite',
  Layerize: 'paint and composite',
  RasterTask: 'paint and composite',
  ScrollLayer: 'paint and composite',
  UpdateLayer: 'paint and composite',
  UpdateLayerTree: 'paint and composite',
  CompositeLayers: 'paint and composite',
  'Decode Image': 'paint and composite',
  GCEvent: 'garbage collection',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
  'ThreadState::performIdleLazySweep': 'garbage collection',
  'ThreadState::completeSweep': 'garbage collection',
  'V8.GCScavenger': 'garbage collection',
  'V8.GCCompactor': 'garbage collection',
  'V8.GCFinalizeMC': 'garbage collection',
};

/** A task longer than this (wall time) is a long task: what blocks input, and what interactive waits for. */
export const LONG_TASK_MS = 50;

/** The names of a thread's top-level tasks: the scheduler's, each wrapping everything the thread runs for it. */
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export interface MainThreadCpu {
  /** Thread time (ms) of the top-level tasks from navigation start until interactive, and by kind of work. */
  untilInteractive: number;
  byKind: Record<WorkKind, number>;
  /** Thread time (ms) by script URL (script evaluation and compile), most first: what the script work was. */
  byScript: { url: string; ms: number }[];
  /** Thread time (ms) of every top-level task in the trace from navigation start (the load until it settled). */
  whole: number;
  /** Interactive, ms after navigation start: the end of the last long task after the first contentful paint, else that paint. */
  interactiveMs: number;
  /** First contentful paint, ms after navigation start (0 when the trace has none). */
  fcpMs: number;
  tasks: number;
  longTasks: number;
}

interface Slice {
  name: string;
  ts: number;
  end: number;
  /** Thread time; the wall time where the event has none. */
  cpu: number;
  url: string | null;
  children: Slice[];
}

const urlOf = (event: TraceEvent): string | null => {
  const url = event.args?.data?.url ?? event.args?.fileName;
  return typeof url === 'string' && url ? url : null;
};

/** Every slice of one thread, 'X' events and matched 'B'/'E' pairs, with its thread time. */
function slicesOf(events: TraceEvent[]): Slice[] {
  const slices: Slice[] = [];
  const open: TraceEvent[] = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X' && event.dur !== undefined) {
      slices.push({
        name: event.name,
        ts: event.ts,
        end: event.ts + event.dur,
        cpu: event.tdur ?? event.dur,
        url: urlOf(event),
        children: [],
      });
    } else if (event.ph === 'B') {
      open.push(event);
    } else if (event.ph === 'E') {
      const index = open.map((e) => e.name).lastIndexOf(event.name);
      const begin = index >= 0 ? open.splice(index, 1)[0]! : open.pop();
      if (!begin) continue;
      const cpu = begin.tts !== undefined && event.tts !== undefined ? event.tts - begin.tts : event.ts - begin.ts;
      slices.push({
        name: begin.name,
        ts: begin.ts,
        end: event.ts,
        cpu,
        url: urlOf(begin) ?? urlOf(event),
        children: [],
      });
    }
  }
  return slices;
}

/** The slices nested: each one under the innermost slice that encloses it. Returns the outermost. */
function nest(slices: Slice[]): Slice[] {
  const sorted = [...slices].sort((a, b) => a.ts - b.ts || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const slice of sorted) {
    while (stack.length && stack[stack.length - 1]!.end < slice.end) stack.pop();
    const parent = stack[stack.length - 1];
    (parent ? parent.children : roots).push(slice);
    stack.push(slice);
  }
  return roots;
}

/**
 * Adds each slice's own time (`cpu`, less its children's) to its kind, the kind of its nearest named ancestor when it
 * has none of its own; and script time to the URL of the nearest slice that names one. Children whose times add up to
 * more than their parent's (an event without thread time counts its wall time, which waiting inflates) share the
 * parent's time in proportion, so the kinds always add up to the tasks' thread time.
 */
function attribute(
  slice: Slice,
  cpu: number,
  inherited: { kind: WorkKind; url: string | null },
  byKind: Record<WorkKind, number>,
  byScript: Map<string, number>,
): void {
  const kind = KIND_OF[slice.name] ?? inherited.kind;
  const url = slice.url ?? inherited.url;
  const children = slice.children.reduce((sum, child) => sum + child.cpu, 0);
  const scale = children > cpu ? cpu / children : 1;
  const own = cpu - children * scale;
  byKind[kind] += own;
  if (url && (kind === 'script evaluation' || kind === 'script parse and compile'))
    byScript.set(url, (byScript.get(url) ?? 0) + own);
  for (const child of slice.children) attribute(child, child.cpu * scale, { kind, url }, byKind, byScript);
}

/** The frame a trace event is about (navigation and paint marks name theirs). */
const frameOf = (event: TraceEvent): string | undefined =>
  typeof event.args?.frame === 'string' ? event.args.frame : undefined;

/**
 * The page's load in the trace: its first contentful paint, on the frame whose document the navigation loaded (the
 * navigationStart that names a document URL), and that navigation. A renderer also starts blank frames of its own
 * (no document URL, later than the page's paint): they are not the page's navigation.
 */
function pageLoad(events: TraceEvent[]): { thread: string; navigation: number; fcp: number } | null {
  const documents = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      typeof e.args?.data?.documentLoaderURL === 'string' &&
      e.args.data.documentLoaderURL !== '',
  );
  for (const paint of events.filter((e) => e.name === 'firstContentfulPaint').sort((x, y) => x.ts - y.ts)) {
    const navigation = documents
      .filter((d) => d.pid === paint.pid && frameOf(d) === frameOf(paint) && d.ts <= paint.ts)
      .sort((x, y) => x.ts - y.ts)
      .at(-1);
    if (navigation) return { thread: `${paint.pid}:${paint.tid}`, navigation: navigation.ts, fcp: paint.ts };
  }
  return null;
}

/**
 * The renderer main thread that loaded the page (the one with the page's first contentful paint, else the busiest),
 * and its CPU time from the page's navigation until interactive (the lab definition without its quiet window: the end
 * of the last long task after the first contentful paint; the trace ends when the load has settled), by kind and by
 * script.
 */
export function mainThreadCpu(events: TraceEvent[]): MainThreadCpu {
  const mains = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`);
  const onThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!mains.includes(key)) continue;
    const list = onThread.get(key);
    if (list) list.push(event);
    else onThread.set(key, [event]);
  }
  const busy = (list: TraceEvent[]) =>
    list.filter((e) => TOP_LEVEL.has(e.name)).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0);
  const load = pageLoad(events);
  const candidates = [...onThread.values()];
  const main =
    (load ? onThread.get(load.thread) : undefined) ??
    candidates.find((list) => list.some((e) => e.name === 'firstContentfulPaint')) ??
    candidates.sort((a, b) => busy(b) - busy(a))[0] ??
    [];

  // Without a document navigation and its paint (a trace cut short): the thread's first navigation, its first paint.
  const navigation =
    load?.navigation ??
    main
      .filter((e) => e.name === 'navigationStart')
      .map((e) => e.ts)
      .sort((a, b) => a - b)[0] ??
    Math.min(...main.map((e) => e.ts));
  const fcp = load?.fcp ?? main.find((e) => e.name === 'firstContentfulPaint' && e.ts >= navigation)?.ts ?? navigation;
  const slices = slicesOf(main).filter((s) => s.ts >= navigation);
  // The scheduler's top-level tasks; where a trace has both names, the outer one (nesting keeps only roots).
  const tasks = nest(slices.filter((s) => TOP_LEVEL.has(s.name)));
  const long = tasks.filter((t) => (t.end - t.ts) / 1000 > LONG_TASK_MS);
  const interactive = Math.max(fcp, ...long.filter((t) => t.end > fcp).map((t) => t.end));
  const counted = tasks.filter((t) => t.ts < interactive);

  // Every slice of the thread nested under its task, the counted tasks' trees attributed.
  const countedTrees = nest(slices).filter((root) => TOP_LEVEL.has(root.name) && root.ts < interactive);
  const byKind = Object.fromEntries(WORK_KINDS.map((k) => [k, 0])) as Record<WorkKind, number>;
  const byScript = new Map<string, number>();
  for (const tree of countedTrees) attribute(tree, tree.cpu, { kind: 'other', url: null }, byKind, byScript);
  const ms = (us: number) => us / 1000;
  return {
    untilInteractive: ms(counted.reduce((sum, t) => sum + t.cpu, 0)),
    byKind: Object.fromEntries(WORK_KINDS.map((k) => [k, ms(byKind[k])])) as Record<WorkKind, number>,
    byScript: [...byScript].map(([url, us]) => ({ url, ms: ms(us) })).sort((a, b) => b.ms - a.ms),
    whole: ms(tasks.reduce((sum, t) => sum + t.cpu, 0)),
    interactiveMs: ms(interactive - navigation),
    fcpMs: ms(fcp - navigation),
    tasks: counted.length,
    longTasks: long.length,
  };
}
