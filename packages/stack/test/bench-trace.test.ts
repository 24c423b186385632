import { describe, expect, it } from 'vitest';
import { mainThreadCpu, type TraceEvent } from '../src/bench/trace';

const MAIN = { pid: 10, tid: 1 };
const OTHER_RENDERER = { pid: 20, tid: 1 };
/** A complete slice on the page's main thread: start and wall length in ms, thread time in ms. */
const slice = (
  name: string,
  startMs: number,
  wallMs: number,
  cpuMs: number,
  args?: TraceEvent['args'],
  where = MAIN,
): TraceEvent => ({
  name,
  ph: 'X',
  ts: startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  ...where,
  ...(args ? { args } : {}),
});
const mark = (name: string, atMs: number, where = MAIN): TraceEvent => ({ name, ph: 'R', ts: atMs * 1000, ...where });
const threadName = (where: { pid: number; tid: number }, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  ...where,
  args: { name },
});

const trace: TraceEvent[] = [
  threadName(MAIN, 'CrRendererMain'),
  threadName(OTHER_RENDERER, 'CrRendererMain'),
  threadName({ pid: 10, tid: 2 }, 'Compositor'),
  // Before navigation: not counted.
  slice('RunTask', 0, 5, 5),
  mark('navigationStart', 100),
  // Parsing the document, with a script compiled and run inside it.
  slice('RunTask', 110, 40, 30),
  slice('ParseHTML', 110, 40, 30),
  slice('v8.compile', 120, 10, 8, { data: { url: 'http://site/a.js' } }),
  slice('EvaluateScript', 130, 15, 12, { data: { url: 'http://site/a.js' } }),
  mark('firstContentfulPaint', 200),
  // A long task after the paint (wall 80 ms, thread 60 ms): interactive at its end, 300 ms after navigation.
  slice('RunTask', 320, 80, 60),
  slice('FunctionCall', 320, 70, 50, { data: { url: 'http://site/b.js' } }),
  slice('Layout', 390, 10, 10),
  // A begin/end pair for paint inside a short task.
  slice('RunTask', 410, 5, 4),
  { name: 'Paint', ph: 'B', ts: 411_000, tts: 1_000, ...MAIN },
  { name: 'Paint', ph: 'E', ts: 413_000, tts: 3_000, ...MAIN },
  // After interactive: in the whole figure only.
  slice('RunTask', 500, 20, 20),
  slice('EvaluateScript', 500, 20, 20, { data: { url: 'http://site/late.js' } }),
  // Another renderer's main thread (no paint there), and another thread of this renderer: not the page's main thread.
  slice('RunTask', 150, 500, 500, undefined, OTHER_RENDERER),
  slice('RunTask', 150, 500, 500, undefined, { pid: 10, tid: 2 }),
];

describe('main-thread CPU time from a Chromium trace', () => {
  it('sums the page main thread’s task thread times from navigation until interactive, by kind and by script', () => {
    const cpu = mainThreadCpu(trace);
    expect(cpu.fcpMs).toBe(100);
    expect(cpu.interactiveMs).toBe(300);
    expect(cpu.longTasks).toBe(1);
    // 30 + 60 (tasks before interactive); the short task at 410 starts after interactive.
    expect(cpu.tasks).toBe(2);
    expect(cpu.untilInteractive).toBe(90);
    expect(cpu.whole).toBe(30 + 60 + 4 + 20);
    expect(cpu.byKind['parsing HTML and CSS']).toBe(30 - 8 - 12);
    expect(cpu.byKind['script parse and compile']).toBe(8);
    expect(cpu.byKind['script evaluation']).toBe(12 + 50);
    expect(cpu.byKind['style and layout']).toBe(10);
    expect(cpu.byKind['paint and composite']).toBe(0);
    expect(cpu.byKind.other).toBe(0);
    expect(Object.values(cpu.byKind).reduce((a, b) => a + b)).toBe(cpu.untilInteractive);
    expect(cpu.byScript).toEqual([
      { url: 'http://site/b.js', ms: 50 },
      { url: 'http://site/a.js', ms: 20 },
    ]);
  });

  it('shares a task’s thread time among its children in proportion when theirs add up to more (events without thread time)', () => {
    const events: TraceEvent[] = [
      threadName(MAIN, 'CrRendererMain'),
      mark('navigationStart', 0),
      mark('firstContentfulPaint', 10),
      slice('RunTask', 20, 100, 40),
      // Wall time only (no tdur): 60 and 20 of wall time in a task that ran 40 ms.
      {
        name: 'EvaluateScript',
        ph: 'X',
        ts: 20_000,
        dur: 60_000,
        ...MAIN,
        args: { data: { url: 'http://site/c.js' } },
      },
      { name: 'Layout', ph: 'X', ts: 90_000, dur: 20_000, ...MAIN },
    ];
    const cpu = mainThreadCpu(events);
    expect(cpu.untilInteractive).toBe(40);
    expect(cpu.byKind['script evaluation']).toBe(30);
    expect(cpu.byKind['style and layout']).toBe(10);
    expect(Object.values(cpu.byKind).reduce((a, b) => a + b)).toBe(40);
    expect(cpu.byScript).toEqual([{ url: 'http://site/c.js', ms: 30 }]);
  });

  it('ends at the first contentful paint when no long task follows it, and counts begin/end slices', () => {
    const short = trace
      .filter((e) => !(e.ts === 320_000 || e.ts === 390_000))
      .map((e) => (e.ts === 410_000 ? { ...e, ts: 190_000 } : e));
    const paint = short.map((e) => (e.name === 'Paint' ? { ...e, ts: e.ts - 220_000 } : e));
    const cpu = mainThreadCpu(paint);
    expect(cpu.interactiveMs).toBe(100);
    expect(cpu.untilInteractive).toBe(30 + 4);
    expect(cpu.byKind['paint and composite']).toBe(2);
    expect(cpu.byKind.other).toBe(2);
  });

  it('counts from the navigation that loaded the page, not from blank frames the renderer starts after its paint', () => {
    const PAGE_FRAME = 'FRAME-PAGE';
    const framed = trace.map((e) => {
      if (e.name === 'navigationStart')
        return {
          ...e,
          args: { frame: PAGE_FRAME, data: { documentLoaderURL: 'http://site/', isLoadingMainFrame: true } },
        };
      if (e.name === 'firstContentfulPaint') return { ...e, args: { frame: PAGE_FRAME } };
      return e;
    });
    // Chromium's own blank documents (no document URL) in the same renderer, after the page painted: at 1× no long
    // task follows the paint, and counting from the last navigationStart left nothing.
    const blanks = [250, 450, 600].map((atMs, i): TraceEvent => ({
      ...mark('navigationStart', atMs),
      args: { frame: `FRAME-BLANK-${i}`, data: { documentLoaderURL: '', isLoadingMainFrame: true } },
    }));
    // The blank renderer that held the tab before the page's process took over: same frame, no document.
    const before: TraceEvent = {
      ...mark('navigationStart', 99, OTHER_RENDERER),
      args: { frame: PAGE_FRAME, data: { documentLoaderURL: '' } },
    };
    expect(mainThreadCpu([...framed, ...blanks, before])).toEqual(mainThreadCpu(trace));
    expect(mainThreadCpu([...framed, ...blanks, before]).untilInteractive).toBeGreaterThan(0);
  });
});
