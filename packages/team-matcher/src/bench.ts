/**
 * Team matcher bench (`npm run bench` prints it; alone: `npx tsx packages/team-matcher/src/bench.ts`):
 * 5,000 applicants into teams for each program's make-up, median wall time of several runs, and the worst
 * team's score next to the mean (the matcher maximises the worst).
 */
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { MAKEUPS, randomCohort } from './cohort-generator';
import { matchTeams, type TeamMakeup } from './index';

const APPLICANTS = Number(process.env.BENCH_MATCH_APPLICANTS ?? 5_000);
const RUNS = Number(process.env.BENCH_MATCH_RUNS ?? 5);

export function benchMatcher(log: (line: string) => void = console.log): void {
  log(`\nTeam matcher: ${APPLICANTS.toLocaleString('en')} applicants, median of ${RUNS} runs`);
  for (const [name, makeup] of Object.entries(MAKEUPS) as [string, TeamMakeup][]) {
    // The course takes planners only.
    const mix = makeup.seats.DESIGNER === 0 ? { PLANNER: 1, DESIGNER: 0, DEVELOPER: 0 } : undefined;
    const applicants = randomCohort(2026, APPLICANTS, makeup.maxFriends, mix);
    const times: number[] = [];
    const cpu: number[] = [];
    let result = matchTeams({ makeup, applicants, seed: 1 });
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      const started = process.cpuUsage();
      result = matchTeams({ makeup, applicants, seed: run + 1 });
      const used = process.cpuUsage(started);
      times.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // CPU time next to wall time: on a busy machine the wall clock also counts other processes' turns.
    log(
      `  ${name.padEnd(12)} ${median(times).toFixed(0).padStart(6)} ms wall ${median(cpu).toFixed(0).padStart(5)} ms cpu   ${String(result.teams.length).padStart(5)} teams   ` +
        `${String(result.unplaced.length).padStart(4)} waiting   worst ${result.worstScore.toFixed(1)}   mean ${result.meanScore.toFixed(1)}`,
    );
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) benchMatcher();
