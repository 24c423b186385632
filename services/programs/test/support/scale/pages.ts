import type { Identity } from '@sq/contracts';
import type { Row } from '@sq/service-kit';
import { APPLICANT_STATES } from '@sq/contracts/api/applications';
import { boardCohortOf, type ScaleSizes } from './seed-programs';
import type { ScaleStack } from './stack';

/** One page people wait on: its timings (ms) and whether every answer was right. */
export interface PageFigure {
  page: string;
  /** What was asked, in the API's words. */
  request: string;
  timings: number[];
  p50: number;
  p95: number;
  /** The first wrong answer, or null when every answer was right. */
  wrong: string | null;
  /** Rows in the answers (the last one), so a reader sees what was loaded. */
  rows: number;
}

const OPERATOR: Identity = { userId: 900_001, role: 'ROLE_ADMIN', sid: 'sid-scale-operator' };
const memberIdentity = (userId: number): Identity => ({ userId, role: 'ROLE_USER', sid: `sid-scale-${userId}` });
/** Spreads the subjects (members, cohorts) over the whole range, not the first few. */
const SPREAD = 104_729;

export const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

interface Asked {
  method: 'GET' | 'POST';
  url: string;
  who: Identity | null;
  payload?: object;
  /** Why the answer is wrong, or null; and how many rows it had. */
  check(body: Row): Promise<{ wrong: string | null; rows: number }>;
}

/**
 * Times each page through the programs service's real routes (app.inject with the identity headers the gateway
 * sends), `runs` times on subjects spread over the data, after one untimed warm-up of each, and checks every answer
 * against the database. The team board is made first by the operator's real matcher run (untimed).
 */
export async function timePages(stack: ScaleStack, sizes: ScaleSizes, runs: number, log: (line: string) => void = () => {}): Promise<PageFigure[]> {
  const app = stack.programs.app;
  const knex = app.knex;
  const accounts = stack.account.app.knex;
  const board = boardCohortOf(sizes);
  const liveNames = async (userIds: number[]) =>
    Number((await accounts('user_account').whereIn('user_id', [...new Set(userIds)]).whereNull('withdrawn_at').count({ n: '*' }))[0]!.n);
  const ask = async (asked: Asked) => {
    const response = await app.inject({ method: asked.method, url: asked.url, headers: asked.who ? stack.programs.as(asked.who) : {}, ...(asked.payload ? { payload: asked.payload } : {}) });
    return response;
  };

  const members = Array.from({ length: runs + 1 }, (_, i) => 1 + ((i * SPREAD) % sizes.members));
  // Cohorts an operator and a visitor look at: the ones still recruiting or about to start, and the board's.
  const openCohorts: number[] = (await knex('cohort').where('start_date', '>', knex.raw('current_date')).orderBy('odd_id').pluck('odd_id'));
  const recentCohorts: number[] = (await knex('cohort').where('odd_id', '<', board).orderBy('odd_id', 'desc').limit(Math.max(1, runs)).pluck('odd_id'));
  const cohortAt = (list: number[], i: number) => list[i % list.length]!;

  const started = performance.now();
  const run = await ask({ method: 'POST', url: `/api/admin/cohorts/${board}/board/run`, who: OPERATOR, payload: { seed: 1 }, check: async () => ({ wrong: null, rows: 0 }) });
  if (run.statusCode !== 200) throw new Error(`board run: ${run.statusCode} ${run.body.slice(0, 300)}`);
  log(`  (setup) the operator's matcher run on the ${sizes.boardApplicants.toLocaleString('en')}-applicant board: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const applicantFilters = ['', 'role=DEVELOPER', 'state=RESERVED&role=DESIGNER', 'q=%EA%B9%80%EB%AF%BC', 'careerYears=CY_3_5Y&friends=true'];
  const pages: { page: string; request: string; make: (i: number) => Asked | Promise<Asked> }[] = [
    {
      page: 'my applications',
      request: 'GET /api/join/history',
      make: (i) => ({
        method: 'GET', url: '/api/join/history', who: memberIdentity(members[i]!),
        async check(body) {
          const expected = Number((await knex('application').where({ user_id: members[i]! }).count({ n: '*' }))[0]!.n);
          const got = body.applications?.length ?? -1;
          return { wrong: got === Math.min(expected, 200) ? null : `member ${members[i]}: ${got} applications, ${expected} stored`, rows: got };
        },
      }),
    },
    {
      page: 'my application detail',
      request: 'POST /api/join/history/one',
      make: async (i) => {
        const userId = members[i]!;
        // The member's most eventful application: the one with the most history (refunded ones have the most).
        const { join_id: joinId } = await knex('application_history as h').join('application as a', 'a.join_id', 'h.join_id').where('a.user_id', userId)
          .groupBy('h.join_id').orderByRaw('count(*) desc, h.join_id').first('h.join_id');
        return {
          method: 'POST', url: '/api/join/history/one', who: memberIdentity(userId), payload: { joinId },
          async check(body) {
            const history = Number((await knex('application_history').where({ join_id: joinId }).count({ n: '*' }))[0]!.n);
            const got = body.application;
            if (got?.joinId !== joinId) return { wrong: `joinId ${joinId}: answered ${got?.joinId}`, rows: 0 };
            return { wrong: got.history.length === history ? null : `joinId ${joinId}: ${got.history.length} history rows, ${history} stored`, rows: got.history.length + got.payment.events.length };
          },
        };
      },
    },
    {
      page: "operator's applicant list (filters, search)",
      request: 'GET /api/admin/cohorts/{oddId}/applicants?… (first page and total)',
      make: (i) => {
        const oddId = cohortAt(openCohorts, i);
        const filter = applicantFilters[i % applicantFilters.length]!;
        return {
          method: 'GET', url: `/api/admin/cohorts/${oddId}/applicants${filter ? `?${filter}` : ''}`, who: OPERATOR,
          async check(body) {
            // One page (the service's configured size) and the total of every match, checked against the database.
            const params = new URLSearchParams(filter);
            const list: Row[] = body.applicants ?? [];
            const base = knex('application').where({ odd_id: oddId }).whereIn('status', params.get('state') ? [params.get('state')!] : APPLICANT_STATES);
            if (params.get('role')) base.where({ role: params.get('role') });
            if (params.get('careerYears')) base.whereRaw(`answers->'required'->>'careerYears' = ?`, [params.get('careerYears')]);
            if (params.get('friends')) base.whereRaw(`jsonb_array_length(coalesce(answers->'aside'->'friendCareerCardIds', '[]'::jsonb)) > 0`);
            const stored: number[] = await base.pluck('user_id');
            const q = params.get('q');
            const expected = q
              ? Number((await accounts('user_account').whereIn('user_id', stored).whereNull('withdrawn_at').where((w) => w.whereILike('user_name', `%${q}%`).orWhereILike('profile_id', `%${q}%`)).count({ n: '*' }))[0]!.n)
              : stored.length;
            const pageRows = Math.min(expected, Number(body.pageSize));
            if (body.total !== expected || list.length !== pageRows) return { wrong: `cohort ${oddId} ${filter}: total ${body.total} (${list.length} on the page), ${expected} expected`, rows: list.length };
            const named = list.filter((a) => a.name !== null).length;
            const live = await liveNames(list.map((a) => a.userId as number));
            return { wrong: named === live ? null : `cohort ${oddId} ${filter}: ${named} applicants named on the page, ${live} members with a name`, rows: list.length };
          },
        };
      },
    },
    {
      page: `loading the ${sizes.boardApplicants.toLocaleString('en')}-applicant board`,
      request: 'GET /api/admin/cohorts/{oddId}/board',
      make: () => ({
        method: 'GET', url: `/api/admin/cohorts/${board}/board`, who: OPERATOR,
        async check(body) {
          const onBoard: Row[] = [...(body.teams ?? []).flatMap((t: Row) => t.members), ...(body.waitlist ?? [])];
          if (onBoard.length !== sizes.boardApplicants) return { wrong: `${onBoard.length} on the board, ${sizes.boardApplicants} applied`, rows: onBoard.length };
          const named = onBoard.filter((m) => m.name !== null).length;
          const expected = await liveNames(await knex('application').where({ odd_id: board }).pluck('user_id'));
          return { wrong: named === expected ? null : `${named} named on the board, ${expected} members with a name`, rows: onBoard.length };
        },
      }),
    },
    {
      page: 'public cohort counts',
      request: 'GET /api/cohorts/{oddId}/applicants',
      make: (i) => {
        const oddId = i % 2 ? cohortAt(openCohorts, i) : cohortAt(recentCohorts, i);
        return {
          method: 'GET', url: `/api/cohorts/${oddId}/applicants`, who: null,
          async check(body) {
            const expected = Number((await knex('application').where({ odd_id: oddId }).whereIn('status', APPLICANT_STATES).count({ n: '*' }))[0]!.n);
            const got = body.applicants?.total;
            return { wrong: got === expected ? null : `cohort ${oddId}: total ${got}, ${expected} stored`, rows: body.applicants?.roles?.length ?? 0 };
          },
        };
      },
    },
    {
      page: 'audit log page',
      request: 'GET /api/admin/audit-log[?oddId=|before=]',
      make: (i) => {
        const oddId = i % 3 === 1 ? cohortAt(recentCohorts, i) : null;
        const before = i % 3 === 2 ? 1 + ((i * SPREAD) % sizes.auditEntries) : null;
        const query = oddId ? `?oddId=${oddId}` : before ? `?before=${before}` : '';
        return {
          method: 'GET', url: `/api/admin/audit-log${query}`, who: OPERATOR,
          async check(body) {
            const entries: Row[] = body.entries ?? [];
            const stored = knex('audit_log');
            if (oddId) stored.where({ odd_id: oddId });
            if (before) stored.where('audit_id', '<', before);
            const expected = Math.min(100, Number((await stored.count({ n: '*' }))[0]!.n));
            const ordered = entries.every((e, k) => k === 0 || e.auditId < entries[k - 1]!.auditId);
            const matching = entries.every((e) => (!oddId || e.oddId === oddId) && (!before || e.auditId < before));
            return { wrong: entries.length === expected && ordered && matching ? null : `audit ${query}: ${entries.length} entries (expected ${expected}), ordered ${ordered}, matching ${matching}`, rows: entries.length };
          },
        };
      },
    },
  ];

  const figures: PageFigure[] = [];
  for (const { page, request, make } of pages) {
    const timings: number[] = [];
    let wrong: string | null = null;
    let rows = 0;
    // Run 0 warms up (plans, connections, caches of the first request), untimed; runs 1..n are timed.
    for (let i = 0; i <= runs; i++) {
      const asked = await make(i);
      const t0 = performance.now();
      const response = await ask(asked);
      const ms = performance.now() - t0;
      if (response.statusCode !== 200) {
        wrong ??= `${asked.method} ${asked.url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        continue;
      }
      const checked = await asked.check(response.json());
      wrong ??= checked.wrong;
      rows = checked.rows;
      if (i > 0) timings.push(ms);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    figures.push({ page, request, timings, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), wrong, rows });
  }
  return figures;
}
