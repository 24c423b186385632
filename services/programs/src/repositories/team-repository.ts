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

/** A cohort's published team with its product's minimum size and how many of its members were dropped. */
export interface HealthTeamRow {
  team_id: number;
  team_key: string;
  name: string;
  stopped_at: Date | null;
  min_team_size: number | null;
  dropped: number;
}

/** An application named by its copies. */
export type NamedRow = Pick<TeamMemberRow, 'join_id' | 'member_name' | 'member_nickname'>;

const MEMBER_COLUMNS = ['m.team_id', 'a.join_id', 'a.status', 'a.role', 'a.member_name', 'a.member_nickname'];

/**
 * The cohorts' published teams (team, team_member) as the operators' pages read them, each answer a fixed number of
 * queries whatever the number of teams and members: team health (check-ins, streaks, misses), the judging view
 * (members, submissions, scores, results), and the members' names the team operations show.
 */
export function createTeamRepository(knex: Knex | Knex.Transaction) {
  return {
    /** The cohort's teams in team order; `dropped`: history rows of their members moving to DROPPED. */
    async healthTeams(oddId: number): Promise<HealthTeamRow[]> {
      return knex('team as t')
        .join('cohort as c', 'c.odd_id', 't.odd_id')
        .join('product as p', 'p.product_id', 'c.product_id')
        .where('t.odd_id', oddId)
        .orderBy('t.team_id')
        .select('t.team_id', 't.team_key', 't.name', 't.stopped_at', 'p.min_team_size', knex.raw(`(
          select count(*)::int from application_history h join team_member dm on dm.join_id = h.join_id
          where dm.team_id = t.team_id and h.to_status = 'DROPPED') as dropped`));
    },

    /**
     * Every member of the cohort's teams in application order, with their check-ins up to `today`, the streak and
     * the misses, in one query. The streak: numbered from the latest check-in back, the days of the run that ends
     * at the latest are those whose day plus their number less one is the latest day (no gap in between); it counts
     * when the latest is today or yesterday (today's check-in is open until 22:00), else it is 0.
     */
    async healthMembers(oddId: number, today: string): Promise<MemberHealthRow[]> {
      const { rows } = await knex.raw(`
        with members as (
          select ${MEMBER_COLUMNS.join(', ')}
          from team t join team_member m on m.team_id = t.team_id join application a on a.join_id = m.join_id
          where t.odd_id = :oddId
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
        order by members.join_id`, { oddId, today });
      return rows;
    },

    /**
     * What the judges work from, in seven queries at once: whether the cohort exists (null if not), its teams in team order,
     * their members in application order with their names, submissions, scores, the published result, and the
     * names of its member prizes' winners.
     */
    async judging(oddId: number): Promise<{ teams: Row[]; members: TeamMemberRow[]; submissions: Row[]; scores: Row[]; result: Row | undefined; winners: NamedRow[] } | null> {
      const [cohort, teams, members, submissions, scores, result, winners] = await Promise.all([
        knex('cohort').where({ odd_id: oddId }).first('odd_id'),
        knex('team').where({ odd_id: oddId }).orderBy('team_id'),
        knex('team as t').join('team_member as m', 'm.team_id', 't.team_id').join('application as a', 'a.join_id', 'm.join_id').where('t.odd_id', oddId).orderBy('m.join_id').select(MEMBER_COLUMNS),
        knex('team_submission as s').join('team as t', 't.team_id', 's.team_id').where('t.odd_id', oddId).select('s.*'),
        knex('team_score as s').join('team as t', 't.team_id', 's.team_id').where('t.odd_id', oddId).select('s.*'),
        knex('cohort_result').where({ odd_id: oddId }).first(),
        knex.raw(`select a.join_id, a.member_name, a.member_nickname from cohort_result r
            cross join lateral jsonb_array_elements(r.prizes) as p join application a on a.join_id = (p->>'joinId')::int
          where r.odd_id = ?`, [oddId]).then((r: { rows: NamedRow[] }) => r.rows),
      ]);
      return cohort ? { teams, members, submissions, scores, result, winners } : null;
    },

    /** The applications a team stop (`teamId`) or the company ending (`oddId`) refunds, in application order, with names. */
    async refundable(scope: { teamId?: number; oddId?: number }, states: readonly ApplicationState[]): Promise<NamedRow[]> {
      const query = knex('application as a').whereIn('a.status', states).orderBy('a.join_id').select('a.join_id', 'a.member_name', 'a.member_nickname');
      if (scope.teamId !== undefined) query.join('team_member as m', 'm.join_id', 'a.join_id').where('m.team_id', scope.teamId);
      if (scope.oddId !== undefined) query.where('a.odd_id', scope.oddId);
      return query;
    },

    /** Reservations of the role in the cohort without a team, in submission order, with names and the answers (career). */
    async unteamed(oddId: number, role: ApplicantRole, states: readonly ApplicationState[]): Promise<(NamedRow & { answers: ApplicationAnswers | null })[]> {
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
