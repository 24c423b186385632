import { seedMembers } from './seed-members';
import { seedSkills } from './seed-skills';
import { seedPrograms, type ScaleSizes } from './seed-programs';
import { timePages, type PageFigure } from './pages';
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

const PROGRAMS_TABLES = ['cohort', 'application', 'application_history', 'payment', 'refund_entitlement', 'refund', 'payment_event', 'audit_log', 'team', 'team_member', 'checkin', 'checkin_miss', 'team_submission', 'team_score'];

/**
 * The data-at-scale bench: the services on fresh databases, members and programs data generated in
 * SQL (the three schemas at once), VACUUM ANALYZE (what autovacuum does to settled tables: planner statistics and the
 * visibility map index-only scans need), then the pages people wait on, timed and checked.
 */
export async function runScaleBench(sizes: ScaleSizes, options: { runs: number; keepDatabases?: boolean; log?: (line: string) => void; reuse?: ScaleDatabases }): Promise<ScaleResult> {
  const log = options.log ?? (() => {});
  const stack = await startScaleStack(options.reuse);
  if (options.keepDatabases && !options.reuse) log(`  databases (kept): SCALE_REUSE_DATABASES=${stack.programs.databaseUrl},${stack.account.databaseUrl},${stack.itskill.databaseUrl}`);
  try {
    const programs = stack.programs.app.knex;
    const accounts = stack.account.app.knex;
    const skills = stack.itskill.app.knex;
    let seedSeconds = 0;
    if (!options.reuse) {
      const seeding = performance.now();
      await Promise.all([seedMembers(accounts, sizes.members), seedSkills(skills, sizes.members), seedPrograms(programs, sizes, log)]);
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
    const figures = await timePages(stack, sizes, options.runs, log);
    return { sizes, rows, seedSeconds, analyzeSeconds, figures };
  } finally {
    await stack.close({ keepDatabases: Boolean(options.keepDatabases || options.reuse) });
  }
}
