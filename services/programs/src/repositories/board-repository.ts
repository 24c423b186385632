import type { Knex } from 'knex';
import type { ApplicationAnswers, ApplicationState } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';

/** A cohort's team building board: the matcher's proposal as the operators changed it, until it is published. */
export interface Board {
  oddId: number;
  seed: number;
  teams: Record<string, number[]>;
  waitlist: number[];
  explanations: Record<string, string>;
  unplaced: { joinId: number; reason: string; explanation: string }[];
  lockedMembers: Record<string, string>;
  lockedTeams: string[];
  scores: Record<string, number>;
  publishedAt: Date | null;
}

const toBoard = (row: Row): Board => ({
  oddId: row.odd_id,
  seed: row.seed,
  teams: row.teams,
  waitlist: row.waitlist,
  explanations: row.explanations,
  unplaced: row.unplaced,
  lockedMembers: row.locked_members,
  lockedTeams: row.locked_teams,
  scores: row.scores,
  publishedAt: row.published_at ? new Date(row.published_at) : null,
});

/** What publishing and its preview read of an application on the board. */
export interface SeatApplication {
  join_id: number;
  user_id: number;
  status: ApplicationState;
  fee_krw: number | null;
  member_name: string | null;
}

/**
 * The board (team_board), its cohort, the teams and seats its publication writes, and the changes of those seats
 * afterwards (a backfill, a replacement, a removal, a team stop).
 */
export function createBoardRepository(knex: Knex | Knex.Transaction) {
  return {
    async load(oddId: number, forUpdate = false): Promise<Board | null> {
      const query = knex('team_board').where({ odd_id: oddId });
      if (forUpdate) query.forUpdate();
      const row = await query.first();
      return row ? toBoard(row) : null;
    },

    /**
     * The board without its texts (the matcher's explanations and reasons run to hundreds of kilobytes on a large
     * board): what the console's page of it is picked from; `texts` then reads the page's.
     */
    async layout(oddId: number): Promise<Omit<Board, 'explanations' | 'unplaced'> | null> {
      const row = await knex('team_board')
        .where({ odd_id: oddId })
        .first('odd_id', 'seed', 'teams', 'waitlist', 'locked_members', 'locked_teams', 'scores', 'published_at');
      if (!row) return null;
      const { explanations: _e, unplaced: _u, ...layout } = toBoard({ ...row, explanations: {}, unplaced: [] });
      return layout;
    },

    /** The explanations and waitlist reasons of the given members (one pass over each document). */
    async texts(
      oddId: number,
      joinIds: number[],
    ): Promise<{ explanations: Map<number, string>; reasons: Map<number, string> }> {
      const ids = joinIds.map(String);
      const [explained, unplaced] = await Promise.all([
        knex.raw(
          `select e.key::int as join_id, e.value #>> '{}' as text from team_board b cross join lateral jsonb_each(b.explanations) as e(key, value)
          where b.odd_id = ? and e.key = any(?::text[])`,
          [oddId, ids],
        ),
        knex.raw(
          `select (u->>'joinId')::int as join_id, u->>'explanation' as text from team_board b cross join lateral jsonb_array_elements(b.unplaced) as u
          where b.odd_id = ? and u->>'joinId' = any(?::text[])`,
          [oddId, ids],
        ),
      ]);
      const mapOf = (rows: { join_id: number; text: string | null }[]) =>
        new Map(rows.flatMap((r) => (r.text === null ? [] : [[r.join_id, r.text] as const])));
      return { explanations: mapOf(explained.rows), reasons: mapOf(unplaced.rows) };
    },

    async save(board: Board, at: Date): Promise<void> {
      const row = {
        seed: board.seed,
        teams: JSON.stringify(board.teams),
        waitlist: JSON.stringify(board.waitlist),
        explanations: JSON.stringify(board.explanations),
        unplaced: JSON.stringify(board.unplaced),
        locked_members: JSON.stringify(board.lockedMembers),
        locked_teams: JSON.stringify(board.lockedTeams),
        scores: JSON.stringify(board.scores),
        updated_at: at,
      };
      await knex('team_board')
        .insert({ odd_id: board.oddId, ...row })
        .onConflict('odd_id')
        .merge(row);
      // The seats as rows (migration 201), what the applicant list filters and shows placement by: a team wins over
      // the waitlist, the last team that lists a member over an earlier one. Only changed seats are written.
      const seats = new Map<number, string | null>(board.waitlist.map((joinId) => [joinId, null]));
      for (const [key, joinIds] of Object.entries(board.teams)) for (const joinId of joinIds) seats.set(joinId, key);
      await knex.raw(
        `insert into team_board_seat (join_id, odd_id, team_key)
         select join_id, :oddId, team_key from unnest(:joinIds::int[], :teamKeys::text[]) as s(join_id, team_key)
         on conflict (join_id) do update set odd_id = excluded.odd_id, team_key = excluded.team_key
         where (team_board_seat.odd_id, team_board_seat.team_key) is distinct from (excluded.odd_id, excluded.team_key)`,
        { oddId: board.oddId, joinIds: [...seats.keys()], teamKeys: [...seats.values()] },
      );
      await knex('team_board_seat')
        .where({ odd_id: board.oddId })
        .whereRaw('not (join_id = any(?::int[]))', [[...seats.keys()]])
        .delete();
    },

    /** The cohort with its product's make-up and fee, locked when `forUpdate` (changes of one board queue, and publishing its judging results); undefined when there is none. */
    async cohort(oddId: number, forUpdate = false): Promise<Row | undefined> {
      const query = knex('cohort as c')
        .join('product as p', 'p.product_id', 'c.product_id')
        .where('c.odd_id', oddId)
        .first(
          'c.*',
          'p.kind',
          'p.fee_krw',
          'p.min_team_size',
          'p.max_team_size',
          'p.planner_seats',
          'p.designer_seats',
          'p.developer_seats',
          'p.max_friends',
        );
      if (forUpdate) query.forUpdate('c');
      return query;
    },

    /** The applications seated on the board's teams, with what the charge preview needs. */
    async seatApplications(joinIds: number[]): Promise<SeatApplication[]> {
      if (!joinIds.length) return [];
      return knex('application')
        .whereRaw('join_id = any(?::int[])', [joinIds])
        .select('join_id', 'user_id', 'status', 'fee_krw', 'member_name');
    },

    async statusOf(joinId: number): Promise<ApplicationState | null> {
      return (
        ((await knex('application').where({ join_id: joinId }).first('status'))?.status as
          ApplicationState | undefined) ?? null
      );
    },

    /** A published team; its id. */
    async addTeam(team: { oddId: number; teamKey: string; name: string; at: Date }): Promise<number> {
      const [row] = await knex('team')
        .insert({ odd_id: team.oddId, team_key: team.teamKey, name: team.name, created_at: team.at })
        .returning('team_id');
      return row.team_id as number;
    },

    async addSeat(seat: { joinId: number; teamId: number; explanation: string; at: Date }): Promise<void> {
      await knex('team_member').insert({
        join_id: seat.joinId,
        team_id: seat.teamId,
        explanation: seat.explanation,
        joined_at: seat.at,
      });
    },

    /** Takes the application off its team (the seat row; nothing else). */
    async removeSeat(joinId: number): Promise<void> {
      await knex('team_member').where({ join_id: joinId }).delete();
    },

    /** A published team, locked when `forUpdate` (changes of one team's seats queue); undefined when there is none. */
    async team(teamId: number, forUpdate = false): Promise<Row | undefined> {
      const query = knex('team').where({ team_id: teamId });
      if (forUpdate) query.forUpdate();
      return query.first();
    },

    /** The answers of the team's members (their careers, which a backfill or a replacement is matched to). */
    async teammateAnswers(teamId: number): Promise<{ answers: ApplicationAnswers | null }[]> {
      return knex('team_member as m')
        .join('application as a', 'a.join_id', 'm.join_id')
        .where('m.team_id', teamId)
        .select('a.answers');
    },

    /** The team stopped (once: a second confirmation keeps the first instant). */
    async markStopped(teamId: number, at: Date): Promise<void> {
      await knex('team').where({ team_id: teamId }).whereNull('stopped_at').update({ stopped_at: at });
    },

    async markPublished(oddId: number, by: number, at: Date): Promise<void> {
      await knex('team_board').where({ odd_id: oddId }).update({ published_at: at, published_by: by, updated_at: at });
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
