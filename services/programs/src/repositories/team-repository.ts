import type { Knex } from 'knex';
import type { ApplicantRole, ApplicationAnswers, ApplicationState } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';

/** A member of a published team with the application's copies of their names (migration 201; null: not copied, or erased). */
export interface TeamMemberRow {
  team_id: number;
  join_id: number;
  status: ApplicationState;
  role: ApplicantRole | null;
  member_name: string | null;
  member_nickname: string | null;
}

/** A member's check-ins up to a day and misses, as team health shows them. */
export interface MemberHealthRow extends TeamMemberRow {
  checkins: number;
  /** Consecutive days checked in up to the day, or up to the day before while the day's is missing (sprint.ts streakOf). */
  streak: number;
  misses: number;
  last_miss: string | null;
}

/** A cohort's published team as team health judges it (TeamHealthTeam in the contracts). */
export interface HealthTeamRow {
  team_id: number;
  team_key: string;
  name: string;
  stopped: boolean;
  /** Members still on the team (ASSIGNED). */
  active: number;
  /** Members dropped (DROPPED: an end state, so once dropped always counted). */
  dropped: number;
  /** Active members with the misses that put them at risk, while the team runs. */
  at_risk: number;
  /** Fewer active members than the program's minimum, while the team runs. */
  short_handed: boolean;
}

/** The whole cohort's teams as team health counts them (TeamHealthSummary). */
export interface HealthSummaryRow {
  teams: number;
  short_handed_teams: number;
  stopped_teams: number;
  troubled_teams: number;
  at_risk_members: number;
  dropped_members: number;
}

/** Which teams a page of team health holds: all of them, or only those in trouble; and the misses that put a member at risk. */
export interface HealthFilter {
  troubleOnly: boolean;
  atRiskMisses: number;
}

/** An application named by its copies. */
export type NamedRow = Pick<TeamMemberRow, 'join_id' | 'member_name' | 'member_nickname'>;

/** Which page of a cohort's published teams, in team order: `size` teams a page, 1 first. */
export interface TeamsAt {
  page: number;
  size: number;
}

/** A team on a page of judging, with its submission (`submitted_at` null: none) and score (`scored_at` null: none). */
export interface JudgingTeamRow {
  team_id: number;
  team_key: string;
  name: string;
  stopped_at: Date | null;
  project_name: string | null;
  description: string | null;
  repository_url: string | null;
  demo_url: string | null;
  images: string[] | null;
  submitted_at: Date | null;
  scores: Record<string, number> | null;
  total: number | null;
  feedback: string | null;
  scored_at: Date | null;
}

/** What publishing judges over the whole cohort: its teams, those judged (not stopped), and of them the unscored. */
export interface JudgingCounts {
  teams: number;
  judged: number;
  unscored: number;
}

/** A scored team of the ranking. */
export interface RankedRow {
  team_id: number;
  name: string;
  total: number;
}

/** A prize of the published results, in the results' order, with its team's name and its winner's copies (null: the team prize). */
export interface PrizeRow {
  team_id: number;
  team_name: string;
  join_id: number | null;
  amount_krw: number;
  member_name: string | null;
  member_nickname: string | null;
}

const MEMBER_COLUMNS = ['m.team_id', 'a.join_id', 'a.status', 'a.role', 'a.member_name', 'a.member_nickname'];

/**
 * The cohorts' published teams (team, team_member) as the operators' pages read them, a page of teams at a time, each
 * answer a fixed number of queries whatever the number of teams and members: team health (check-ins, streaks, misses),
 * the judging view (members, submissions, scores, the cohort's counts and ranking, results), and the members' names the
 * team operations show.
 */
export function createTeamRepository(knex: Knex | Knex.Transaction) {
  /** The page's teams (their ids; more columns as asked), as a subquery the page's other rows are joined to. */
  const pageIds = (oddId: number, at: TeamsAt) =>
    knex('team')
      .where({ odd_id: oddId })
      .orderBy('team_id')
      .limit(at.size)
      .offset((at.page - 1) * at.size)
      .select('team_id');
  /**
   * The cohort's scored teams still judged, in the order publishing decides the winner: the highest total first, then
   * the earlier submission (a team without one after), then the earlier team.
   */
  const ranked = (oddId: number, limit: number) =>
    knex('team as t')
      .join('team_score as s', 's.team_id', 't.team_id')
      .leftJoin('team_submission as sub', 'sub.team_id', 't.team_id')
      .where('t.odd_id', oddId)
      .whereNull('t.stopped_at')
      .orderBy([
        { column: 's.total', order: 'desc' },
        { column: 'sub.updated_at', order: 'asc', nulls: 'last' },
        { column: 't.team_id' },
      ])
      .limit(limit);
  /** The cohort's teams, those still judged and of them the unscored; null when there is no such cohort. */
  const judgingCounts = async (oddId: number): Promise<JudgingCounts | null> => {
    const row = await knex('cohort as c')
      .leftJoin('team as t', 't.odd_id', 'c.odd_id')
      .leftJoin('team_score as s', 's.team_id', 't.team_id')
      .where('c.odd_id', oddId)
      .groupBy('c.odd_id')
      .first(
        knex.raw(`count(t.team_id)::int as teams, (count(t.team_id) filter (where t.stopped_at is null))::int as judged,
        (count(t.team_id) filter (where t.stopped_at is null and s.team_id is null))::int as unscored`),
      );
    return row ?? null;
  };
  const ranking = async (oddId: number, limit: number): Promise<RankedRow[]> =>
    ranked(oddId, limit).select('t.team_id', 't.name', 's.total');

  return {
    /**
     * Team health's page of teams and the whole cohort's counts, in one query: every team of the cohort judged once (its
     * active and dropped members, those at risk, short-handed), counted, and the page taken from them all or from those
     * in trouble (short-handed, or a member at risk; a stopped team is neither), in team order. A member is at risk while
     * active on a running team with `atRiskMisses` misses or more. Read by the cohort's keys alone, whatever the
     * cohort's history (migration 202): its teams, their members (team_member_team_members), their applications
     * (application_cohort_list: a team's members are its cohort's applications, as the board, a replacement and a
     * backfill place them) and its misses (checkin_miss_cohort), joined by hashing. The members are read as one range
     * of team_member_team_members (the cohort's teams are made together at publish, so their ids lie together; the
     * join to the cohort's teams keeps the answer right whatever lies between), not one index probe per team: about
     * 20 buffers instead of 3 per team (4,214 buffers for a 1,097-team cohort among 5,000,000 applications). Both
     * sides are materialised so the planner hashes the cohort's applications rather than probing one per member.
     */
    async health(
      oddId: number,
      at: TeamsAt,
      filter: HealthFilter,
    ): Promise<{ summary: HealthSummaryRow; teams: HealthTeamRow[] }> {
      // Serial: with millions of applications the planner sent one worker to the cohort's few thousand rows, whose start
      // cost more than the whole query (12 ms against 5 at 5,000,000 applications).
      const { rows } = await knex.transaction(
        async (trx): Promise<{ rows: (HealthSummaryRow & { page: HealthTeamRow[] })[] }> => {
          await trx.raw('set local max_parallel_workers_per_gather = 0');
          return trx.raw(
            `
          with seats as materialized (
            select m.team_id, m.join_id, t.stopped_at
            from team t
            join team_member m on m.team_id = t.team_id
              and m.team_id between (select min(team_id) from team where odd_id = :oddId) and (select max(team_id) from team where odd_id = :oddId)
            where t.odd_id = :oddId
          ), applications as materialized (
            select join_id, status from application where odd_id = :oddId
          ), members as (
            select s.team_id, a.status,
              a.status = 'ASSIGNED' and s.stopped_at is null and coalesce(x.misses, 0) >= :atRiskMisses as at_risk
            from seats s
            join applications a on a.join_id = s.join_id
            left join (select join_id, count(*) as misses from checkin_miss where odd_id = :oddId group by join_id) x on x.join_id = s.join_id
          ), counted as (
            select team_id, (count(*) filter (where status = 'ASSIGNED'))::int as active, (count(*) filter (where status = 'DROPPED'))::int as dropped,
              (count(*) filter (where at_risk))::int as at_risk
            from members group by team_id
          ), judged as (
            select t.team_id, t.team_key, t.name, t.stopped_at is not null as stopped,
              coalesce(c.active, 0) as active, coalesce(c.dropped, 0) as dropped, coalesce(c.at_risk, 0) as at_risk,
              t.stopped_at is null and coalesce(c.active, 0) < (
                select coalesce(p.min_team_size, 1) from cohort k join product p on p.product_id = k.product_id where k.odd_id = :oddId
              ) as short_handed
            from team t left join counted c on c.team_id = t.team_id
            where t.odd_id = :oddId
          ), page as (
            select * from judged where not :troubleOnly or short_handed or at_risk > 0 order by team_id limit :size offset :offset
          )
          select count(*)::int as teams,
            (count(*) filter (where short_handed))::int as short_handed_teams,
            (count(*) filter (where stopped))::int as stopped_teams,
            (count(*) filter (where short_handed or at_risk > 0))::int as troubled_teams,
            coalesce(sum(at_risk), 0)::int as at_risk_members,
            coalesce(sum(dropped), 0)::int as dropped_members,
            (select coalesce(json_agg(page order by team_id), '[]') from page) as page
          from judged`,
            {
              oddId,
              atRiskMisses: filter.atRiskMisses,
              troubleOnly: filter.troubleOnly,
              size: at.size,
              offset: (at.page - 1) * at.size,
            },
          );
        },
      );
      const { page, ...summary } = rows[0]!;
      return { summary, teams: page };
    },

    /**
     * Every member of the page's teams (`teams`: the cohort's page in team order, or the teams' ids) in application order,
     * with their check-ins up to `today`, the streak and the misses, in one query. The streak: numbered from the latest
     * check-in back, the days of the run that ends at the latest are those whose day plus their number less one is the
     * latest day (no gap in between); it counts when the latest is today or yesterday (today's check-in is open until
     * 22:00), else it is 0.
     */
    async healthMembers(oddId: number, teams: TeamsAt | readonly number[], today: string): Promise<MemberHealthRow[]> {
      const page = Array.isArray(teams)
        ? knex('team').whereIn('team_id', teams).select('team_id')
        : pageIds(oddId, teams as TeamsAt);
      const { rows } = await knex.raw(
        `
        with page as :page, members as (
          select ${MEMBER_COLUMNS.join(', ')}
          from page join team_member m on m.team_id = page.team_id join application a on a.join_id = m.join_id
        ), days as (
          select c.join_id, c.day, row_number() over latest_first::int as back, first_value(c.day) over latest_first as latest
          from checkin c join members on members.join_id = c.join_id
          where c.day <= :today::date
          window latest_first as (partition by c.join_id order by c.day desc)
        ), checkins as (
          select join_id, count(*)::int as checkins,
            count(*) filter (where latest >= :today::date - 1 and day + (back - 1) = latest)::int as streak
          from days group by join_id
        ), misses as (
          select x.join_id, count(*)::int as misses, max(x.day) as last_miss
          from checkin_miss x join members on members.join_id = x.join_id
          group by x.join_id
        )
        select members.*, coalesce(checkins.checkins, 0) as checkins, coalesce(checkins.streak, 0) as streak,
          coalesce(misses.misses, 0) as misses, misses.last_miss
        from members left join checkins using (join_id) left join misses using (join_id)
        order by members.join_id`,
        { page, today },
      );
      return rows;
    },

    judgingCounts,

    /** The first `limit` teams of the ranking: the first is the winner once every judged team is scored. */
    ranking,

    /**
     * What the judges work from, in six queries (five at once, the members once the ranking is known): the cohort's
     * counts (null if there is no such cohort), the page's teams in team order with their submissions and scores, the
     * first `rankingSize` of the ranking, the members of both in application order with their names, the published result with the winning team's name, and its prizes
     * with their teams' and winners' names.
     */
    async judging(
      oddId: number,
      at: TeamsAt,
      rankingSize: number,
    ): Promise<{
      counts: JudgingCounts;
      teams: JudgingTeamRow[];
      ranking: RankedRow[];
      members: TeamMemberRow[];
      result: Row | undefined;
      prizes: PrizeRow[];
    } | null> {
      // The ranking once: the members query takes its teams from it rather than ranking the cohort again.
      const leaders = ranking(oddId, rankingSize);
      const [counts, teams, leaderRows, members, result, prizes] = await Promise.all([
        judgingCounts(oddId),
        knex
          .from(pageIds(oddId, at).select('team_key', 'name', 'stopped_at').as('t'))
          .leftJoin('team_submission as sub', 'sub.team_id', 't.team_id')
          .leftJoin('team_score as s', 's.team_id', 't.team_id')
          .orderBy('t.team_id')
          .select(
            't.team_id',
            't.team_key',
            't.name',
            't.stopped_at',
            'sub.project_name',
            'sub.description',
            'sub.repository_url',
            'sub.demo_url',
            'sub.images',
            'sub.updated_at as submitted_at',
            's.scores',
            's.total',
            's.feedback',
            's.updated_at as scored_at',
          ),
        leaders,
        leaders.then((rows) =>
          knex('team_member as m')
            .join('application as a', 'a.join_id', 'm.join_id')
            // One set of team ids (an OR of the two made the planner read every team member of every cohort).
            .whereIn(
              'm.team_id',
              knex
                .select('team_id')
                .from(pageIds(oddId, at).as('p'))
                .union(knex.raw('select unnest(?::int[]) as team_id', [rows.map((r) => r.team_id)])),
            )
            .orderBy('m.join_id')
            .select(MEMBER_COLUMNS),
        ),
        knex('cohort_result as r')
          .join('team as w', 'w.team_id', 'r.winner_team_id')
          .where('r.odd_id', oddId)
          .first('r.winner_team_id', 'r.published_at', 'w.name as winner_team_name'),
        knex
          .raw(
            `select (p.prize->>'teamId')::int as team_id, t.name as team_name, (p.prize->>'joinId')::int as join_id, (p.prize->>'amountKrw')::int as amount_krw,
            a.member_name, a.member_nickname
          from cohort_result r cross join lateral jsonb_array_elements(r.prizes) with ordinality as p(prize, n)
            join team t on t.team_id = (p.prize->>'teamId')::int left join application a on a.join_id = (p.prize->>'joinId')::int
          where r.odd_id = ? order by p.n`,
            [oddId],
          )
          .then((r: { rows: PrizeRow[] }) => r.rows),
      ]);
      return counts ? { counts, teams, ranking: leaderRows, members, result, prizes } : null;
    },

    /** The applications a team stop (`teamId`) or the company ending (`oddId`) refunds, in application order, with names. */
    async refundable(
      scope: { teamId?: number; oddId?: number },
      states: readonly ApplicationState[],
    ): Promise<NamedRow[]> {
      const query = knex('application as a')
        .whereIn('a.status', states)
        .orderBy('a.join_id')
        .select('a.join_id', 'a.member_name', 'a.member_nickname');
      if (scope.teamId !== undefined)
        query.join('team_member as m', 'm.join_id', 'a.join_id').where('m.team_id', scope.teamId);
      if (scope.oddId !== undefined) query.where('a.odd_id', scope.oddId);
      return query;
    },

    /** Reservations of the role in the cohort without a team, in submission order, with names and the answers (career). */
    async unteamed(
      oddId: number,
      role: ApplicantRole,
      states: readonly ApplicationState[],
    ): Promise<(NamedRow & { answers: ApplicationAnswers | null })[]> {
      return knex('application as a')
        .leftJoin('team_member as m', 'm.join_id', 'a.join_id')
        .whereNull('m.join_id')
        .where({ 'a.odd_id': oddId, 'a.role': role })
        .whereIn('a.status', states)
        .orderBy([{ column: 'a.submitted_at' }, { column: 'a.join_id' }])
        .select('a.join_id', 'a.answers', 'a.member_name', 'a.member_nickname');
    },
  };
}

/** How the team pages name a member: the application's copies (OPERATORS.md, "Who the applicants are"). */
export const namesOf = (row: NamedRow) => ({ joinId: row.join_id, alias: row.member_nickname, name: row.member_name });
