/**
 * Issue 18's figures: the pages people wait on, over a database at scale. `BENCH_ONLY=scale npm run bench` or
 * `npx tsx e2e/bench/scale.ts` (not part of the full `npm run bench`: generating the data takes minutes).
 *
 * Fresh databases on DATABASE_URL's PostgreSQL (else an embedded one of its own), the services' real migrations,
 * SCALE_MEMBERS members and SCALE_APPLICATIONS applications over SCALE_COHORTS cohorts (one of them a team
 * building board of SCALE_BOARD_APPLICANTS, one a running sprint as large with its teams published), with history,
 * payments, refunds and SCALE_AUDIT_ENTRIES audit entries,
 * generated in SQL; VACUUM ANALYZE; then each page SCALE_RUNS times through the programs service's real routes, its answers
 * checked. Prints p50 and p95 next to the 10 ms target. SCALE_KEEP_DATABASES=true keeps the databases (for EXPLAIN)
 * and prints them as SCALE_REUSE_DATABASES=..., which times them again without generating (migrations brought up to date). Timings are this machine's: printed, never asserted.
 */
import os from 'node:os';
import { startTestDatabase, type Database } from '@sq/stack/database';
// The services in-process on fresh databases, as their tests build them (services/programs/test/support/scale).
// eslint-disable-next-line boundaries/element-types -- a bench of the services' queries, not of the site
import { runScaleBench } from '../../services/programs/test/support/scale';

const TARGET_MS = 10;
const sizes = {
  members: Number(process.env.SCALE_MEMBERS ?? 1_000_000),
  applications: Number(process.env.SCALE_APPLICATIONS ?? 5_000_000),
  cohorts: Number(process.env.SCALE_COHORTS ?? 500),
  boardApplicants: Number(process.env.SCALE_BOARD_APPLICANTS ?? 5_000),
  auditEntries: Number(process.env.SCALE_AUDIT_ENTRIES ?? 200_000),
};
const runs = Number(process.env.SCALE_RUNS ?? 40);
const keepDatabases = process.env.SCALE_KEEP_DATABASES === 'true';
// Time a kept run's databases again (after a migration, say): its programs, account and itskill URLs, as printed.
const [programs, account, itskill] = (process.env.SCALE_REUSE_DATABASES ?? '').split(',').filter(Boolean);
const reuse = programs && account && itskill ? { programs, account, itskill } : undefined;
const count = (n: number) => n.toLocaleString('en');

let database: Database | null = null;
if (!process.env.DATABASE_URL) {
  database = await startTestDatabase('sidequest_bench_scale');
  process.env.DATABASE_URL = database.url;
}
try {
  console.log(`\nData at scale: ${count(sizes.members)} members, ${count(sizes.applications)} applications over ${count(sizes.cohorts)} cohorts (${os.cpus().length} cores)`);
  const result = await runScaleBench(sizes, { runs, keepDatabases, reuse, log: console.log });
  console.log(`  rows: ${Object.entries(result.rows).map(([table, n]) => `${table} ${count(n)}`).join(', ')}`);
  console.log(`  generation ${result.seedSeconds.toFixed(0)} s, VACUUM ANALYZE ${result.analyzeSeconds.toFixed(0)} s; each page ${runs} times after a warm-up\n`);
  console.log(`  ${'page'.padEnd(44)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  target   ${'rows'.padStart(6)}  answers`);
  for (const f of result.figures) {
    const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
    console.log(`  ${f.page.padEnd(44)} ${ms(f.p50)} ${ms(f.p95)}  ${f.p95 <= TARGET_MS ? 'met    ' : 'NOT MET'}  ${String(f.rows).padStart(6)}  ${f.wrong ? `WRONG: ${f.wrong}` : 'correct'}`);
  }
} finally {
  await database?.stop();
}
