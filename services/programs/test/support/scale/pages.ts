import type { Identity } from '@sq/contracts';
import type { Row } from '@sq/service-kit';
import { APPLICANT_STATES } from '@sq/contracts/api/applications';
import { boardCohortOf, teamsCohortOf, type ScaleSizes } from './seed-programs';
import { answerBuffers, type PageBuffers } from './buffers';
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
  /** The buffers one answer (the first timed run's request, asked again) touched in the three databases. */
  buffers: PageBuffers;
}

const OPERATOR: Identity = { userId: 900_001, role: 'ROLE_ADMIN', sid: 'sid-scale-operator' };
const memberIdentity = (userId: number): Identity => ({ userId, role: 'ROLE_USER', sid: `sid-scale-${userId}` });
/**
 * The operator's applicant list, one figure per kind of filter (each run takes the next filter of its kind, on
 * the next recruiting cohort). q: a name's first two syllables (`김민`: one member in 400), a nickname's and a
 * career card ID's parts.
 */
const APPLICANT_LISTS: { page: string; filters: string[] }[] = [
  { page: 'applicant list: state and role', filters: ['', 'role=DEVELOPER', 'state=RESERVED&role=DESIGNER'] },
  {
    page: 'applicant list: career and friend requests',
    filters: ['careerYears=CY_3_5Y&friends=true', 'friends=false&role=PLANNER'],
  },
  {
    page: 'applicant list: search by name',
    filters: [
      `q=${encodeURIComponent('김민')}`,
      'q=member12',
      'q=CARD77',
      `q=${encodeURIComponent('박')}&role=DEVELOPER`,
    ],
  },
  {
    page: 'applicant list: IT skill level',
    filters: ['skillLevel=3', 'skillLevel=none&role=PLANNER', 'skillLevel=5&state=RESERVED'],
  },
  { page: 'applicant list: friend status', filters: ['friendStatus=UNDECIDED', 'friendStatus=NONE&role=DESIGNER'] },
  { page: 'applicant list: page 20', filters: ['page=20', 'role=DEVELOPER&page=20'] },
];

/**
 * The team building board as the console loads it, a page of its teams at a time (the service's page size): pages
 * near the start, middle and end; and searched and filtered by people.
 */
const BOARD_VIEWS: { page: string; queries: string[] }[] = [
  { page: 'team building board: a page of teams', queries: ['page=1', 'page=2', 'page=3', 'page=16', 'page=31'] },
  {
    page: 'team building board: search and filters',
    queries: [`page=1&q=${encodeURIComponent('김민')}`, 'page=1&role=DESIGNER&skillLevel=3', 'page=2&q=member4'],
  },
];

/** Spreads the subjects (members, cohorts) over the whole range, not the first few. */
const SPREAD = 104_729;

export const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

export interface Asked {
  method: 'GET' | 'POST';
  url: string;
  who: Identity | null;
  payload?: object;
  /** Why the answer is wrong, or null; and how many rows it had. */
  check(body: Row): Promise<{ wrong: string | null; rows: number }>;
}

/** The pages of one data set, ready to ask: each one's requests (the i-th run's) and how to send one and measure its buffers. */
export interface PageSet {
  pages: { page: string; request: string; make: (i: number) => Asked | Promise<Asked> }[];
  ask(asked: Asked): Promise<{ statusCode: number; body: string; json(): Row }>;
  buffers(asked: Asked): Promise<PageBuffers>;
}

/**
 * Times each page through the programs service's real routes (app.inject with the identity headers the gateway
 * sends), `runs` times on subjects spread over the data, after one untimed warm-up of each, and checks every answer
 * against the database. The team board is made first by the operator's real matcher run (untimed).
 */
export async function timePages(
  stack: ScaleStack,
  sizes: ScaleSizes,
  runs: number,
  log: (line: string) => void = () => {},
): Promise<PageFigure[]> {
  return (await timePagesSideBySide([await pageSet(stack, sizes, runs, log)], runs))[0]!;
}

/**
 * Times the same pages on several data sets side by side: each run of a page asks it of every set back to back (in
 * turns, the first set first on even runs), so a busy moment of the machine falls on all of them alike and their
 * p95s compare. One figure list per set, in the sets' order.
 */
export async function timePagesSideBySide(sets: PageSet[], runs: number): Promise<PageFigure[][]> {
  const results: PageFigure[][] = sets.map(() => []);
  for (let p = 0; p < sets[0]!.pages.length; p += 1) {
    const state = sets.map(() => ({ timings: [] as number[], wrong: null as string | null, rows: 0 }));
    // Run 0 warms up (plans, connections, caches of the first request), untimed; runs 1..n are timed.
    for (let i = 0; i <= runs; i++) {
      const order = sets.map((_, k) => k);
      if (i % 2) order.reverse();
      for (const k of order) {
        const set = sets[k]!;
        const asked = await set.pages[p]!.make(i);
        const t0 = performance.now();
        const response = await set.ask(asked);
        const ms = performance.now() - t0;
        const mine = state[k]!;
        if (response.statusCode !== 200) {
          mine.wrong ??= `${asked.method} ${asked.url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
          continue;
        }
        const checked = await asked.check(response.json());
        mine.wrong ??= checked.wrong;
        mine.rows = checked.rows;
        if (i > 0) mine.timings.push(ms);
      }
    }
    for (const [k, set] of sets.entries()) {
      const { page, request, make } = set.pages[p]!;
      const { timings, wrong, rows } = state[k]!;
      const sorted = [...timings].sort((a, b) => a - b);
      const buffers = await set.buffers(await make(1));
      results[k]!.push({
        page,
        request,
        timings,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        wrong,
        rows,
        buffers,
      });
    }
  }
  return results;
}

/**
 * The pages of one data set: the team board made first by the operator's real matcher run (untimed), then each page's
 * requests on subjects spread over the data (`runs` of them) and the checks of their answers against the databases.
 */
export async function pageSet(
  stack: ScaleStack,
  sizes: ScaleSizes,
  runs: number,
  log: (line: string) => void = () => {},
): Promise<PageSet> {
  const app = stack.programs.app;
  const knex = app.knex;
  const accounts = stack.account.app.knex;
  const board = boardCohortOf(sizes);
  const sprint = teamsCohortOf(sizes);
  const liveNames = async (userIds: number[]) =>
    Number(
      (
        await accounts('user_account')
          .whereIn('user_id', [...new Set(userIds)])
          .whereNull('withdrawn_at')
          .count({ n: '*' })
      )[0]!.n,
    );
  const ask = async (asked: Asked) => {
    const response = await app.inject({
      method: asked.method,
      url: asked.url,
      headers: asked.who ? stack.programs.as(asked.who) : {},
      ...(asked.payload ? { payload: asked.payload } : {}),
    });
    return response;
  };

  const members = Array.from({ length: runs + 1 }, (_, i) => 1 + ((i * SPREAD) % sizes.members));
  // Cohorts an operator and a visitor look at: the ones still recruiting or about to start, and the board's.
  const openCohorts: number[] = await knex('cohort')
    .where('start_date', '>', knex.raw('current_date'))
    .orderBy('odd_id')
    .pluck('odd_id');
  const recentCohorts: number[] = await knex('cohort')
    .where('odd_id', '<', board)
    .orderBy('odd_id', 'desc')
    .limit(Math.max(1, runs))
    .pluck('odd_id');
  const cohortAt = (list: number[], i: number) => list[i % list.length]!;

  const started = performance.now();
  const run = await ask({
    method: 'POST',
    url: `/api/admin/cohorts/${board}/board/run`,
    who: OPERATOR,
    payload: { seed: 1 },
    check: async () => ({ wrong: null, rows: 0 }),
  });
  if (run.statusCode !== 200) throw new Error(`board run: ${run.statusCode} ${run.body.slice(0, 300)}`);
  // The run wrote the board's seats after the generation's VACUUM ANALYZE: analysed, as autovacuum does within a minute
  // (planned as empty, the board's filters looked each of its 5,000 seats up one by one: 12 ms instead of 1).
  await knex.raw('analyze team_board_seat');
  log(
    `  (setup) the operator's matcher run on the ${sizes.boardApplicants.toLocaleString('en')}-applicant board: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const skills = stack.itskill.app.knex;
  /** Each application's level as itskill rules it: the result attached to it, else the member's latest. */
  const levelsOf = async (rows: Row[]): Promise<Map<number, number>> => {
    const userIds = [...new Set(rows.map((r) => r.user_id as number))];
    const latest: Row[] = await skills('checkup_result')
      .distinctOn('user_id')
      .whereIn('user_id', userIds)
      .where({ status: 'COMPLETED', is_demo: false })
      .orderBy([{ column: 'user_id' }, { column: 'completed_at', order: 'desc' }])
      .select('user_id', 'level');
    const attached: Row[] = await skills('checkup_application as ca')
      .join('checkup_result as r', 'r.result_id', 'ca.result_id')
      .whereIn(
        'ca.join_id',
        rows.map((r) => r.join_id),
      )
      .where('r.status', 'COMPLETED')
      .select('ca.join_id', 'ca.user_id', 'r.level');
    const byUser = new Map(latest.map((r) => [r.user_id as number, r.level as number]));
    const levels = new Map(
      rows.flatMap((r) => (byUser.has(r.user_id) ? [[r.join_id as number, byUser.get(r.user_id)!] as const] : [])),
    );
    for (const a of attached)
      if (rows.some((r) => r.join_id === a.join_id && r.user_id === a.user_id)) levels.set(a.join_id, a.level);
    return levels;
  };

  /**
   * The applicants the console should list for `filter`, in list order, worked out apart from the service: the
   * stored applications, the members' names in the account database and their levels from itskill's own
   * rule (the attached result, else the latest).
   */
  const expectedApplicants = async (oddId: number, params: URLSearchParams): Promise<number[]> => {
    const base = knex('application')
      .where({ odd_id: oddId })
      .whereIn('status', params.get('state') ? [params.get('state')!] : APPLICANT_STATES);
    if (params.get('role')) base.where({ role: params.get('role') });
    if (params.get('careerYears'))
      base.whereRaw(`answers->'required'->>'careerYears' = ?`, [params.get('careerYears')]);
    const requests = (r: Row): string[] =>
      r.personal_data_erased_at ? [] : (r.answers?.aside?.friendCareerCardIds ?? []);
    let rows: Row[] = await base
      .orderBy([{ column: 'submitted_at' }, { column: 'join_id' }])
      .select('join_id', 'user_id', 'answers', 'personal_data_erased_at');
    if (params.get('friends')) rows = rows.filter((r) => requests(r).length > 0 === (params.get('friends') === 'true'));
    const live = rows.filter((r) => !r.personal_data_erased_at);
    const q = params.get('q');
    if (q) {
      const found = new Set<number>(
        await accounts('user_account')
          .whereIn(
            'user_id',
            live.map((r) => r.user_id),
          )
          .whereNull('withdrawn_at')
          .where((w) =>
            w
              .whereILike('user_name', `%${q}%`)
              .orWhereILike('user_alias', `%${q}%`)
              .orWhereILike('profile_id', `%${q}%`),
          )
          .pluck('user_id'),
      );
      rows = rows.filter((r) => !r.personal_data_erased_at && found.has(r.user_id));
    }
    const level = params.get('skillLevel');
    if (level) {
      const levels = await levelsOf(live);
      rows = rows.filter((r) => {
        const got = r.personal_data_erased_at ? null : (levels.get(r.join_id) ?? null);
        return level === 'none' ? got === null : got === Number(level);
      });
    }
    const friendStatus = params.get('friendStatus');
    if (friendStatus) {
      // Without a board nobody is placed, so a request is undecided; the generated board's cohort has no requests.
      const board = await knex('team_board').where({ odd_id: oddId }).first('odd_id');
      rows = rows.filter((r) => {
        if (requests(r).length && board)
          throw new Error(`cohort ${oddId}: friend requests on a board, which the bench's check does not work out`);
        return (requests(r).length ? 'UNDECIDED' : 'NONE') === friendStatus;
      });
    }
    return rows.map((r) => r.join_id as number);
  };

  /**
   * The board's members whom `params`' people filters match, worked out apart from the service (names in the
   * account database, levels by itskill's rule, roles in the applications); null without filters.
   */
  const boardMatching = async (params: URLSearchParams, members: number[]): Promise<Set<number> | null> => {
    if (![...params.keys()].some((k) => k !== 'page' && k !== 'waitlistPage')) return null;
    let rows: Row[] = await knex('application').whereIn('join_id', members).select('join_id', 'user_id', 'role');
    if (params.get('role')) rows = rows.filter((r) => r.role === params.get('role'));
    const q = params.get('q');
    if (q) {
      const found = new Set<number>(
        await accounts('user_account')
          .whereIn(
            'user_id',
            rows.map((r) => r.user_id),
          )
          .whereNull('withdrawn_at')
          .where((w) =>
            w
              .whereILike('user_name', `%${q}%`)
              .orWhereILike('user_alias', `%${q}%`)
              .orWhereILike('profile_id', `%${q}%`),
          )
          .pluck('user_id'),
      );
      rows = rows.filter((r) => found.has(r.user_id));
    }
    const level = params.get('skillLevel');
    if (level) {
      const levels = await levelsOf(rows);
      rows = rows.filter((r) => (level === 'none' ? !levels.has(r.join_id) : levels.get(r.join_id) === Number(level)));
    }
    return new Set(rows.map((r) => r.join_id as number));
  };

  const boardView = (query: string): Asked => ({
    method: 'GET',
    url: `/api/admin/cohorts/${board}/board?${query}`,
    who: OPERATOR,
    async check(body) {
      // The page's teams are the board document's (those with someone matching), in its order, a page of them.
      const params = new URLSearchParams(query);
      const document = await knex('team_board').where({ odd_id: board }).first('teams', 'waitlist');
      const teams = Object.entries(document.teams as Record<string, number[]>);
      const members = [...teams.flatMap(([, ids]) => ids), ...(document.waitlist as number[])];
      const matching = await boardMatching(params, members);
      const shown = teams.filter(([, ids]) => !matching || ids.some((id) => matching.has(id)));
      const page = Number(params.get('page') ?? 1);
      const wanted = shown.slice((page - 1) * Number(body.pageSize), page * Number(body.pageSize));
      const got: Row[] = body.teams ?? [];
      const sameTeams =
        JSON.stringify(got.map((t) => [t.key, t.members.map((m: Row) => m.joinId)])) === JSON.stringify(wanted);
      const counts =
        body.memberCount === members.length &&
        body.teamCount === shown.length &&
        body.matchingCount === (matching?.size ?? members.length);
      const onPage: Row[] = got.flatMap((t) => t.members);
      if (!sameTeams || !counts) {
        return {
          wrong: `board ${query}: ${got.length} teams (${body.teamCount} in all, ${body.matchingCount} of ${body.memberCount} matching), expected ${wanted.length} (${shown.length}, ${matching?.size ?? members.length} of ${members.length})`,
          rows: onPage.length,
        };
      }
      const named = onPage.filter((m) => m.name !== null).length;
      const withName = await liveNames(
        await knex('application')
          .whereIn(
            'join_id',
            onPage.map((m) => m.joinId),
          )
          .pluck('user_id'),
      );
      return {
        wrong:
          named === withName ? null : `board ${query}: ${named} named on the page, ${withName} members with a name`,
        rows: onPage.length,
      };
    },
  });

  const { pageSize: teamsPageSize, rankingSize, atRiskMisses } = app.programsConfig.teamPages;
  /** The running sprint's teams in team order, and every member's seat (team, application, account) in that order. */
  const sprintTeams = async () => ({
    teams: (await knex('team').where({ odd_id: sprint }).orderBy('team_id').pluck('team_id')) as number[],
    seats: (await knex('team as t')
      .join('team_member as m', 'm.team_id', 't.team_id')
      .join('application as a', 'a.join_id', 'm.join_id')
      .where('t.odd_id', sprint)
      .orderBy([{ column: 't.team_id' }, { column: 'm.join_id' }])
      .select('t.team_id', 'm.join_id', 'a.user_id')) as Row[],
  });
  /** Pages of the running sprint's teams an operator opens: the first three, one in the middle and the last. */
  let teamPages: number[] | null = null;
  const teamPageAt = async (i: number) => {
    if (!teamPages) {
      const last = Math.max(1, Math.ceil((await sprintTeams()).teams.length / teamsPageSize));
      teamPages = [1, 2, 3, Math.ceil(last / 2), last];
    }
    return teamPages[i % teamPages.length]!;
  };
  const seatsOf = (rows: Row[]) => JSON.stringify(rows.map((r) => [r.team_id, r.join_id]));

  /**
   * The running sprint's teams as team health should judge them, worked out apart from the service from the stored rows:
   * each team's active (ASSIGNED) and dropped members, those active with `atRiskMisses` misses or more while the team
   * runs, short-handed (running, fewer active than the program's minimum) and in trouble (short-handed or a member at
   * risk); and the whole cohort's counts (TeamHealthSummary).
   */
  const sprintHealth = async () => {
    const { teams, seats } = await sprintTeams();
    const stopped = new Set<number>(
      await knex('team').where({ odd_id: sprint }).whereNotNull('stopped_at').pluck('team_id'),
    );
    const { min_team_size: minSize } = await knex('cohort as c')
      .join('product as p', 'p.product_id', 'c.product_id')
      .where('c.odd_id', sprint)
      .first('p.min_team_size');
    const states = new Map<number, string>(
      (await knex('application').where({ odd_id: sprint }).select('join_id', 'status')).map((r: Row) => [
        r.join_id,
        r.status,
      ]),
    );
    const misses = new Map<number, number>(
      (
        await knex('checkin_miss as x')
          .join('application as a', 'a.join_id', 'x.join_id')
          .where('a.odd_id', sprint)
          .groupBy('x.join_id')
          .select('x.join_id', knex.raw('count(*)::int as n'))
      ).map((r: Row) => [r.join_id, r.n]),
    );
    const judged = teams.map((teamId) => {
      const mine = seats.filter((m) => m.team_id === teamId);
      const active = mine.filter((m) => states.get(m.join_id) === 'ASSIGNED');
      const running = !stopped.has(teamId);
      const atRisk = running ? active.filter((m) => (misses.get(m.join_id) ?? 0) >= atRiskMisses).length : 0;
      const shortHanded = running && active.length < (minSize ?? 1);
      return {
        teamId,
        atRisk,
        shortHanded,
        troubled: shortHanded || atRisk > 0,
        dropped: mine.filter((m) => states.get(m.join_id) === 'DROPPED').length,
      };
    });
    const summary = {
      teams: judged.length,
      shortHandedTeams: judged.filter((t) => t.shortHanded).length,
      stoppedTeams: stopped.size,
      troubledTeams: judged.filter((t) => t.troubled).length,
      atRiskMembers: judged.reduce((n, t) => n + t.atRisk, 0),
      droppedMembers: judged.reduce((n, t) => n + t.dropped, 0),
    };
    return { judged, summary };
  };
  /** Why team health's counts (`summary`) are not the whole cohort's as worked out apart; null if right. */
  const healthSummaryWrong = async (body: Row): Promise<string | null> => {
    const { summary } = await sprintHealth();
    return JSON.stringify(body.summary) === JSON.stringify(summary)
      ? null
      : `summary ${JSON.stringify(body.summary)}, expected ${JSON.stringify(summary)}`;
  };

  /**
   * Why a page of the running sprint's teams as a team page answers it (`teams`, their members) is not the stored
   * one: the page's facts (the configured size, every team counted, or those `paged` when given), its teams in team
   * order, each one's members, and a name for exactly the members whose account has one; null if right.
   */
  const teamPageWrong = async (
    page: number,
    body: Row,
    paged?: (teamId: number) => boolean,
  ): Promise<string | null> => {
    const { teams: all, seats } = await sprintTeams();
    const teams = paged ? all.filter(paged) : all;
    const facts = {
      page,
      pageSize: teamsPageSize,
      teamCount: teams.length,
      pageCount: Math.ceil(teams.length / teamsPageSize),
    };
    const answeredFacts = {
      page: body.page,
      pageSize: body.pageSize,
      teamCount: body.teamCount,
      pageCount: body.pageCount,
    };
    if (JSON.stringify(answeredFacts) !== JSON.stringify(facts))
      return `page ${page}: ${JSON.stringify(answeredFacts)}, expected ${JSON.stringify(facts)}`;
    const onPage = new Set(teams.slice((page - 1) * teamsPageSize, page * teamsPageSize));
    const stored = seats.filter((r) => onPage.has(r.team_id));
    const answered = (body.teams as Row[]).flatMap((t) =>
      t.members.map((m: Row) => ({ team_id: t.teamId, join_id: m.joinId })),
    );
    if (
      (body.teams as Row[]).map((t) => t.teamId).join() !== [...onPage].join() ||
      seatsOf(answered) !== seatsOf(stored)
    ) {
      return `page ${page}: ${body.teams.length} teams of ${answered.length} members answered, ${onPage.size} of ${stored.length} stored`;
    }
    const named = (body.teams as Row[]).flatMap((t) => t.members).filter((m: Row) => m.name !== null).length;
    const withName = await liveNames(stored.map((r) => r.user_id as number));
    return named === withName ? null : `page ${page}: ${named} members named, ${withName} with a name`;
  };

  /**
   * Why judging's summary is not the whole cohort's, worked out apart from the service: the teams still judged (not
   * stopped), those of them without a score, and the ranking by the rule publishing had (the highest total, the earlier
   * submission, none after, the earlier team), its first `rankingSize` with their members; null if right.
   */
  const summaryWrong = async (summary: Row): Promise<string | null> => {
    const rows: Row[] = await knex('team as t')
      .leftJoin('team_score as s', 's.team_id', 't.team_id')
      .leftJoin('team_submission as sub', 'sub.team_id', 't.team_id')
      .where('t.odd_id', sprint)
      .select('t.team_id', 't.stopped_at', 's.total', 'sub.updated_at');
    const judged = rows.filter((r) => !r.stopped_at);
    const at = (r: Row) => (r.updated_at ? new Date(r.updated_at).getTime() : Infinity);
    const ranked = judged
      .filter((r) => r.total !== null)
      .sort((a, b) => b.total - a.total || at(a) - at(b) || a.team_id - b.team_id)
      .slice(0, rankingSize);
    const { seats } = await sprintTeams();
    const expected = {
      judgedTeams: judged.length,
      unscoredTeams: judged.filter((r) => r.total === null).length,
      ranking: ranked.map((r) => [
        r.team_id,
        r.total,
        seats.filter((m) => m.team_id === r.team_id).map((m) => m.join_id),
      ]),
    };
    const answered = {
      ...summary,
      ranking: ((summary.ranking ?? []) as Row[]).map((t) => [t.teamId, t.total, t.members.map((m: Row) => m.joinId)]),
    };
    return JSON.stringify(answered) === JSON.stringify(expected)
      ? null
      : `summary ${JSON.stringify(answered).slice(0, 200)}, expected ${JSON.stringify(expected).slice(0, 200)}`;
  };

  const applicantList = (oddId: number, filter: string): Asked => ({
    method: 'GET',
    url: `/api/admin/cohorts/${oddId}/applicants${filter ? `?${filter}` : ''}`,
    who: OPERATOR,
    async check(body) {
      // One page (the service's configured size) and the total of every match, checked against the stores.
      const params = new URLSearchParams(filter);
      const expected = await expectedApplicants(oddId, params);
      const list: Row[] = body.applicants ?? [];
      const page = Number(params.get('page') ?? 1);
      const size = Number(body.pageSize);
      const wanted = expected.slice((page - 1) * size, page * size);
      if (body.total !== expected.length || list.map((a) => a.joinId).join() !== wanted.join()) {
        return {
          wrong: `cohort ${oddId} ${filter}: total ${body.total} (${list.length} on the page), ${expected.length} expected (${wanted.length} on the page)`,
          rows: list.length,
        };
      }
      const named = list.filter((a) => a.name !== null).length;
      const withName = await liveNames(list.map((a) => a.userId as number));
      return {
        wrong:
          named === withName
            ? null
            : `cohort ${oddId} ${filter}: ${named} applicants named on the page, ${withName} members with a name`,
        rows: list.length,
      };
    },
  });
  const pages: { page: string; request: string; make: (i: number) => Asked | Promise<Asked> }[] = [
    {
      page: 'my applications',
      request: 'GET /api/join/history',
      make: (i) => ({
        method: 'GET',
        url: '/api/join/history',
        who: memberIdentity(members[i]!),
        async check(body) {
          const expected = Number((await knex('application').where({ user_id: members[i]! }).count({ n: '*' }))[0]!.n);
          const got = body.applications?.length ?? -1;
          return {
            wrong:
              got === Math.min(expected, 200) ? null : `member ${members[i]}: ${got} applications, ${expected} stored`,
            rows: got,
          };
        },
      }),
    },
    {
      page: 'my application detail',
      request: 'POST /api/join/history/one',
      make: async (i) => {
        const userId = members[i]!;
        // The member's most eventful application: the one with the most history (refunded ones have the most).
        const { join_id: joinId } = await knex('application_history as h')
          .join('application as a', 'a.join_id', 'h.join_id')
          .where('a.user_id', userId)
          .groupBy('h.join_id')
          .orderByRaw('count(*) desc, h.join_id')
          .first('h.join_id');
        return {
          method: 'POST',
          url: '/api/join/history/one',
          who: memberIdentity(userId),
          payload: { joinId },
          async check(body) {
            const history = Number(
              (await knex('application_history').where({ join_id: joinId }).count({ n: '*' }))[0]!.n,
            );
            const got = body.application;
            if (got?.joinId !== joinId) return { wrong: `joinId ${joinId}: answered ${got?.joinId}`, rows: 0 };
            return {
              wrong:
                got.history.length === history
                  ? null
                  : `joinId ${joinId}: ${got.history.length} history rows, ${history} stored`,
              rows: got.history.length + got.payment.events.length,
            };
          },
        };
      },
    },
    ...APPLICANT_LISTS.map(({ page, filters }) => ({
      page,
      request: `GET /api/admin/cohorts/{oddId}/applicants?${filters.join(' | ')} (first page and total)`,
      make: (i: number) => applicantList(cohortAt(openCohorts, i), filters[i % filters.length]!),
    })),
    ...BOARD_VIEWS.map(({ page, queries }) => ({
      page,
      request: `GET /api/admin/cohorts/{oddId}/board?${queries.join(' | ')}`,
      make: (i: number) => boardView(queries[i % queries.length]!),
    })),
    {
      page: 'team health: a page of teams',
      request: 'GET /api/admin/cohorts/{oddId}/team-health?page= (first three, middle, last)',
      make: async (i) => {
        const page = await teamPageAt(i);
        return {
          method: 'GET',
          url: `/api/admin/cohorts/${sprint}/team-health?page=${page}`,
          who: OPERATOR,
          async check(body) {
            const members: Row[] = (body.teams ?? []).flatMap((t: Row) => t.members);
            const wrongPage = (await teamPageWrong(page, body)) ?? (await healthSummaryWrong(body));
            if (wrongPage) return { wrong: `team health: ${wrongPage}`, rows: members.length };
            const checkins = Number(
              (
                await knex('checkin')
                  .whereIn(
                    'join_id',
                    members.map((m) => m.joinId),
                  )
                  .where('day', '<=', body.day)
                  .count({ n: '*' })
              )[0]!.n,
            );
            const misses = Number(
              (
                await knex('checkin_miss')
                  .whereIn(
                    'join_id',
                    members.map((m) => m.joinId),
                  )
                  .count({ n: '*' })
              )[0]!.n,
            );
            const counted = [
              members.reduce((sum, m) => sum + m.checkins, 0),
              members.reduce((sum, m) => sum + m.misses, 0),
            ];
            return {
              wrong:
                counted[0] === checkins && counted[1] === misses
                  ? null
                  : `team health page ${page}: ${counted.join(' check-ins, ')} misses answered, ${checkins}, ${misses} stored`,
              rows: members.length,
            };
          },
        };
      },
    },
    {
      page: 'team health: teams in trouble, first page',
      request: 'GET /api/admin/cohorts/{oddId}/team-health?trouble=true',
      make: () => ({
        method: 'GET',
        url: `/api/admin/cohorts/${sprint}/team-health?trouble=true`,
        who: OPERATOR,
        async check(body) {
          // The first page of the teams in trouble as worked out apart, each team's at-risk count, and the cohort's counts.
          const members: Row[] = (body.teams ?? []).flatMap((t: Row) => t.members);
          const { judged } = await sprintHealth();
          const troubled = new Set(judged.filter((t) => t.troubled).map((t) => t.teamId));
          const wrong =
            (await teamPageWrong(1, body, (teamId) => troubled.has(teamId))) ?? (await healthSummaryWrong(body));
          if (wrong) return { wrong: `team health in trouble: ${wrong}`, rows: members.length };
          const atRisk = new Map(judged.map((t) => [t.teamId, t.atRisk]));
          const off = (body.teams as Row[]).find(
            (t) => t.atRisk !== atRisk.get(t.teamId) || !(t.shortHanded || t.atRisk > 0),
          );
          return {
            wrong: off
              ? `team health in trouble: team ${off.teamId} at risk ${off.atRisk} (short-handed ${off.shortHanded}), expected ${atRisk.get(off.teamId)}`
              : null,
            rows: members.length,
          };
        },
      }),
    },
    {
      page: 'judging: a page of teams and the summary',
      request: 'GET /api/admin/cohorts/{oddId}/judging?page= (first three, middle, last)',
      make: async (i) => {
        const page = await teamPageAt(i);
        return {
          method: 'GET',
          url: `/api/admin/cohorts/${sprint}/judging?page=${page}`,
          who: OPERATOR,
          async check(body) {
            const teams: Row[] = body.teams ?? [];
            const members = teams.flatMap((t) => t.members);
            const wrong = (await teamPageWrong(page, body)) ?? (await summaryWrong(body.summary ?? {}));
            if (wrong) return { wrong: `judging: ${wrong}`, rows: members.length };
            const ids = teams.map((t) => t.teamId as number);
            const submissions = Number((await knex('team_submission').whereIn('team_id', ids).count({ n: '*' }))[0]!.n);
            const scores = Number((await knex('team_score').whereIn('team_id', ids).count({ n: '*' }))[0]!.n);
            const answered = [
              teams.filter((t) => t.submission !== null).length,
              teams.filter((t) => t.score !== null).length,
            ];
            return {
              wrong:
                answered[0] === submissions && answered[1] === scores
                  ? null
                  : `judging page ${page}: ${answered.join(' submissions, ')} scores answered, ${submissions}, ${scores} stored`,
              rows: members.length,
            };
          },
        };
      },
    },
    {
      page: 'public cohort counts',
      request: 'GET /api/cohorts/{oddId}/applicants',
      make: (i) => {
        const oddId = i % 2 ? cohortAt(openCohorts, i) : cohortAt(recentCohorts, i);
        return {
          method: 'GET',
          url: `/api/cohorts/${oddId}/applicants`,
          who: null,
          async check(body) {
            const expected = Number(
              (
                await knex('application').where({ odd_id: oddId }).whereIn('status', APPLICANT_STATES).count({ n: '*' })
              )[0]!.n,
            );
            const got = body.applicants?.total;
            return {
              wrong: got === expected ? null : `cohort ${oddId}: total ${got}, ${expected} stored`,
              rows: body.applicants?.roles?.length ?? 0,
            };
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
          method: 'GET',
          url: `/api/admin/audit-log${query}`,
          who: OPERATOR,
          async check(body) {
            const entries: Row[] = body.entries ?? [];
            const stored = knex('audit_log');
            if (oddId) stored.where({ odd_id: oddId });
            if (before) stored.where('audit_id', '<', before);
            const expected = Math.min(100, Number((await stored.count({ n: '*' }))[0]!.n));
            const ordered = entries.every((e, k) => k === 0 || e.auditId < entries[k - 1]!.auditId);
            const matching = entries.every((e) => (!oddId || e.oddId === oddId) && (!before || e.auditId < before));
            return {
              wrong:
                entries.length === expected && ordered && matching
                  ? null
                  : `audit ${query}: ${entries.length} entries (expected ${expected}), ordered ${ordered}, matching ${matching}`,
              rows: entries.length,
            };
          },
        };
      },
    },
  ];

  return { pages, ask, buffers: (asked) => answerBuffers([knex, accounts, skills], () => ask(asked)) };
}
