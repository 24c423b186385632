import { seedMembers } from './seed-members';
import { seedSkills } from './seed-skills';
import { seedPrograms, type ScaleSizes } from './seed-programs';
import { pageSet, timePagesSideBySide, type PageFigure } from './pages';
import { startScaleStack, type ScaleDatabases } from './stack';

export type { ScaleSizes, PageFigure, ScaleDatabases };
export { percentile } from './pages';

export interface ScaleResult {
  sizes: ScaleSizes;
  /** Rows per table after the generation. */
  rows: Record<string, number>;
  seedSeconds: number;
  analyzeSeconds: number;
  figures: PageFigure[];
}

const PROGRAMS_TABLES = [
  'cohort',
  'application',
  'application_history',
  'payment',
  'refund_entitlement',
  'refund',
  'payment_event',
  'audit_log',
  'team',
  'team_member',
  'checkin',
  'checkin_miss',
  'team_submission',
  'team_score',
];

/** One data set to generate (or reuse) and time. */
export interface ScaleSet {
  sizes: ScaleSizes;
  keepDatabases?: boolean;
  reuse?: ScaleDatabases;
}

/**
 * The data-at-scale bench: the services on fresh databases, members and programs data generated in SQL (the three
 * schemas at once), VACUUM ANALYZE (what autovacuum does to settled tables: planner statistics and the visibility map
 * index-only scans need), then the pages people wait on, timed and checked.
 */
export async function runScaleBench(
  sizes: ScaleSizes,
  options: { runs: number; keepDatabases?: boolean; log?: (line: string) => void; reuse?: ScaleDatabases },
): Promise<ScaleResult> {
  return (
    await runScaleBenchSideBySide([{ sizes, keepDatabases: options.keepDatabases, reuse: options.reuse }], options)
  )[0]!;
}

/**
 * Several data sets (the full data and a hundredth of it) generated one after the other, each on its own services and
 * databases, then every page timed on all of them side by side (timePagesSideBySide): one result per set, in order.
 */
export async function runScaleBenchSideBySide(
  sets: ScaleSet[],
  options: { runs: number; log?: (line: string) => void },
): Promise<ScaleResult[]> {
  const log = options.log ?? (() => {});
  const prepared: Awaited<ReturnType<typeof prepare>>[] = [];
  try {
    for (const set of sets) prepared.push(await prepare(set, log));
    const pageSets = [];
    for (const [k, p] of prepared.entries()) pageSets.push(await pageSet(p.stack, sets[k]!.sizes, options.runs, log));
    const figures = await timePagesSideBySide(pageSets, options.runs);
    return prepared.map((p, k) => ({
      sizes: sets[k]!.sizes,
      rows: p.rows,
      seedSeconds: p.seedSeconds,
      analyzeSeconds: p.analyzeSeconds,
      figures: figures[k]!,
    }));
  } finally {
    for (const [k, p] of prepared.entries())
      await p.stack.close({ keepDatabases: Boolean(sets[k]!.keepDatabases || sets[k]!.reuse) });
  }
}

/** One set's services on its databases, generated (unless reused) and analysed, with its row counts. */
async function prepare(set: ScaleSet, log: (line: string) => void) {
  const { sizes } = set;
  const stack = await startScaleStack(set.reuse);
  if (set.keepDatabases && !set.reuse)
    log(
      `  databases (kept): SCALE_REUSE_DATABASES=${stack.programs.databaseUrl},${stack.account.databaseUrl},${stack.itskill.databaseUrl}`,
    );
  try {
    const programs = stack.programs.app.knex;
    const accounts = stack.account.app.knex;
    const skills = stack.itskill.app.knex;
    let seedSeconds = 0;
    if (!set.reuse) {
      const seeding = performance.now();
      await Promise.all([
        seedMembers(accounts, sizes.members),
        seedSkills(skills, sizes.members),
        seedPrograms(programs, sizes, log),
      ]);
      seedSeconds = (performance.now() - seeding) / 1000;
      log(`  generated in ${seedSeconds.toFixed(0)} s`);
    }
    const analyzing = performance.now();
    await Promise.all([accounts.raw('vacuum analyze'), skills.raw('vacuum analyze'), programs.raw('vacuum analyze')]);
    const analyzeSeconds = (performance.now() - analyzing) / 1000;
    const rows: Record<string, number> = {
      user_account: Number((await accounts('user_account').count({ n: '*' }))[0]!.n),
      checkup_result: Number((await skills('checkup_result').count({ n: '*' }))[0]!.n),
    };
    for (const table of PROGRAMS_TABLES) rows[table] = Number((await programs(table).count({ n: '*' }))[0]!.n);
    return { stack, rows, seedSeconds, analyzeSeconds };
  } catch (error) {
    await stack.close({ keepDatabases: Boolean(set.keepDatabases || set.reuse) });
    throw error;
  }
}
