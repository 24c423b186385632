/**
 * The pages people wait on, over a database at scale and over a hundredth of it, in one run: does a page's cost grow
 * with the data? `BENCH_ONLY=scale npm run bench` or `npx tsx e2e/bench/scale.ts` (not part of the full `npm run bench`:
 * generating the data takes minutes; BENCH_SCALE=0.02 for a quick look at a fiftieth of the full sizes).
 *
 * Each run: fresh databases on DATABASE_URL's PostgreSQL (else an embedded one of its own), the services' real
 * migrations, SCALE_MEMBERS members and SCALE_APPLICATIONS applications over SCALE_COHORTS cohorts (one of them a team
 * building board of SCALE_BOARD_APPLICANTS, one a running sprint as large with its teams published), with history,
 * payments, refunds and SCALE_AUDIT_ENTRIES audit entries, generated in SQL; VACUUM ANALYZE; then each page SCALE_RUNS
 * times through the programs service's real routes, its answers checked, the two sets asked back to back. First the hundredth (the same generator;
 * members, applications, audit entries and cohorts divided by SMALL_DIVISOR, so each cohort is about as large and the
 * pages' two cohorts exactly as large: a hundredth of the platform's history), then the full data. Per page: p95 at both sizes and their ratio (target ≤ P95_RATIO_TARGET: the cost does not grow with the
 * data), and the buffers one answer touches at the full size (EXPLAIN (ANALYZE, BUFFERS) of its read queries: shared
 * hits plus reads, a count the machine's speed does not change) against the page's budget (BUFFER_BUDGETS).
 * Timings are this machine's: printed, never asserted. SCALE_KEEP_DATABASES=true keeps the full run's databases and
 * prints them as SCALE_REUSE_DATABASES=..., which times them again without generating (migrations brought up to date;
 * the hundredth is generated again).
 */
import { startTestDatabase, type Database } from '@sq/stack/database';
// The services in-process on fresh databases, as their tests build them (services/programs/test/support/scale).
/* eslint-disable boundaries/element-types -- a bench of the services' queries, not of the site */
import {
  runScaleBenchSideBySide,
  type PageFigure,
  type ScaleResult,
  type ScaleSizes,
} from '../../services/programs/test/support/scale';
/* eslint-enable boundaries/element-types */
/* eslint-disable boundaries/element-types -- the verdicts and budgets are defined beside the pages they judge */
import {
  scaleVerdicts,
  smallSizes,
  SMALL_DIVISOR,
  P95_RATIO_TARGET,
} from '../../services/programs/test/support/scale/verdicts';
/* eslint-enable boundaries/element-types */

/** The full sizes: 1,000,000 members, 5,000,000 applications; BENCH_SCALE multiplies them. */
const FULL = {
  members: 1_000_000,
  applications: 5_000_000,
  cohorts: 500,
  boardApplicants: 5_000,
  auditEntries: 200_000,
};
const factor = Number(process.env.BENCH_SCALE ?? 1);
const scaled = (name: string, full: number) => Number(process.env[name] ?? Math.max(1, Math.round(full * factor)));
const sizes: ScaleSizes = {
  members: scaled('SCALE_MEMBERS', FULL.members),
  applications: scaled('SCALE_APPLICATIONS', FULL.applications),
  // Eight years of cohorts whatever the scale (BENCH_SCALE makes them smaller, not fewer).
  cohorts: Number(process.env.SCALE_COHORTS ?? FULL.cohorts),
  boardApplicants: scaled('SCALE_BOARD_APPLICANTS', FULL.boardApplicants),
  auditEntries: scaled('SCALE_AUDIT_ENTRIES', FULL.auditEntries),
};
const runs = Number(process.env.SCALE_RUNS ?? 40);
// Every page's costliest query's plan (nodes, rows, buffers), not only those of pages over their budget.
const showPlans = process.env.SCALE_SHOW_PLANS === 'true';
const keepDatabases = process.env.SCALE_KEEP_DATABASES === 'true';
// Time a kept run's databases again (after a migration, say): its programs, account and itskill URLs, as printed.
const [programs, account, itskill] = (process.env.SCALE_REUSE_DATABASES ?? '').split(',').filter(Boolean);
const reuse = programs && account && itskill ? { programs, account, itskill } : undefined;
const count = (n: number) => n.toLocaleString('en');
const describe = (s: ScaleSizes) =>
  `${count(s.members)} members, ${count(s.applications)} applications over ${count(s.cohorts)} cohorts (board ${count(s.boardApplicants)}, audit ${count(s.auditEntries)})`;

function printSet(label: string, result: ScaleResult): void {
  console.log(`\n  ${label}: ${describe(result.sizes)}`);
  console.log(
    `  rows: ${Object.entries(result.rows)
      .map(([table, n]) => `${table} ${count(n)}`)
      .join(', ')}`,
  );
  console.log(
    `  generation ${result.seedSeconds.toFixed(0)} s, VACUUM ANALYZE ${result.analyzeSeconds.toFixed(0)} s; each page ${runs} times on both after a warm-up, the two asked back to back`,
  );
}

let database: Database | null = null;
if (!process.env.DATABASE_URL) {
  database = await startTestDatabase('sidequest_bench_scale');
  process.env.DATABASE_URL = database.url;
}
try {
  console.log(
    `\nData at scale: the full data and a hundredth of it (a hundredth of the history: members, applications, audit entries and cohorts / ${SMALL_DIVISOR}), in one run`,
  );
  console.log(`  generating a hundredth (${describe(smallSizes(sizes))}), then the full data (${describe(sizes)})`);
  const [small, full] = (await runScaleBenchSideBySide(
    [{ sizes: smallSizes(sizes) }, { sizes, keepDatabases, reuse }],
    { runs, log: console.log },
  )) as [ScaleResult, ScaleResult];
  printSet('a hundredth', small);
  printSet('the full data', full);
  const smallOf = new Map(small.figures.map((f) => [f.page, f]));
  const ms = (v: number) => `${v.toFixed(1)}`.padStart(6);
  console.log(
    `\n  p95 in ms; ratio = full / hundredth, target ≤ ${P95_RATIO_TARGET}×; buffers: shared hit + read of one answer at the full size, against the page's budget`,
  );
  console.log(
    `  ${'page'.padEnd(44)} ${'100th'.padStart(6)} ${'full'.padStart(6)} ${'ratio'.padStart(6)}  ${'verdict'.padEnd(7)}  ${'buffers'.padStart(8)} ${'budget'.padStart(7)}  ${'verdict'.padEnd(7)}  ${'100th'.padStart(6)}  rows  answers`,
  );
  for (const f of full.figures) {
    const s = smallOf.get(f.page)!;
    const v = scaleVerdicts(f.page, { smallP95: s.p95, fullP95: f.p95, buffers: f.buffers.buffers });
    const answers = f.wrong || s.wrong ? `WRONG: ${f.wrong ?? s.wrong}` : 'correct';
    console.log(
      `  ${f.page.padEnd(44)} ${ms(s.p95)} ${ms(f.p95)} ${v.ratio.toFixed(2).padStart(6)}  ${v.ratioVerdict.padEnd(7)}  ${String(f.buffers.buffers).padStart(8)} ${String(v.budget).padStart(7)}  ${v.budgetVerdict.padEnd(7)}  ${String(s.buffers.buffers).padStart(6)}  ${String(f.rows).padStart(4)}  ${answers}`,
    );
    const costliest = f.buffers.costliest;
    if ((v.budgetVerdict !== 'met' || showPlans) && costliest) {
      console.log(
        `  ${''.padEnd(44)} costliest query (${costliest.buffers} buffers of ${f.buffers.queries} queries): ${costliest.sql}`,
      );
      for (const line of costliest.plan) console.log(`  ${''.padEnd(46)} ${line}`);
    }
  }
  printWorst(full.figures);
} finally {
  await database?.stop();
}

/** The p50 beside the p95 at the full size, for a reader comparing with earlier runs' absolute figures. */
function printWorst(figures: PageFigure[]): void {
  console.log(
    `\n  full size, p50 / p95 ms: ${figures.map((f) => `${f.page} ${f.p50.toFixed(1)}/${f.p95.toFixed(1)}`).join('; ')}`,
  );
}
