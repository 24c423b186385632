import type { Knex } from 'knex';
import {
  APPLICANT_STATES,
  type ApplicantRole,
  type ApplicationState,
  type RequiredStep,
} from '@sq/contracts/api/applications';
import type { FriendStatus, Placement } from '@sq/contracts/api/operators/applicants';

/** The console's applicant filters, as the route has validated them. */
export interface ApplicantListFilters {
  role?: 'PLANNER' | 'DESIGNER' | 'DEVELOPER';
  state?: ApplicationState;
  careerYears?: string;
  skillLevel?: '1' | '2' | '3' | '4' | '5' | 'none';
  minHours?: number;
  maxHours?: number;
  friends?: 'true' | 'false';
  friendStatus?: FriendStatus;
  placement?: Placement;
  q?: string;
}

/**
 * An application as the applicant list and the board show it: its own columns, the parts of the answers the
 * console shows (not the rest), the copies of who the member is (migration 201) and where the cohort's board has it.
 */
export interface ApplicantRow {
  join_id: number;
  user_id: number;
  status: ApplicationState;
  role: ApplicantRole | null;
  submitted_at: Date | null;
  /** answers.required (null: not given, or erased). */
  required: Partial<RequiredStep> | null;
  weekly_hours: number | null;
  /** answers.aside.friendCareerCardIds (null: none asked, or erased). */
  friend_card_ids: string[] | null;
  friend_user_ids: number[] | null;
  personal_data_erased_at: Date | null;
  member_name: string | null;
  member_nickname: string | null;
  member_career_card_id: string | null;
  skill_level: number | null;
  skill_score: number | null;
  team_key: string | null;
  waitlisted: boolean;
}

/** A friend an applicant asked for, as their request is matched: their application, names and seat. */
export interface FriendRow {
  join_id: number;
  user_id: number;
  member_nickname: string | null;
  member_career_card_id: string | null;
  friend_card_ids: string[] | null;
  friend_user_ids: number[] | null;
  team_key: string | null;
}

const FRIEND_CARDS = `a.answers->'aside'->'friendCareerCardIds'`;
/** The predicate of the partial index application_cohort_friend_requests (migration 201), word for word. */
const HAS_REQUESTS = `jsonb_array_length(coalesce(${FRIEND_CARDS}, '[]'::jsonb)) > 0`;
/**
 * No friend requests: the predicate of the partial index application_cohort_no_friend_requests (migration 230), word
 * for word, so the filters' page and count read that index alone instead of each row's answers in the table.
 */
const NO_REQUESTS = `not ${HAS_REQUESTS}`;
/** Weekly hours as a number, null when the applicant gave none (or the answers are erased): matches no range. */
const WEEKLY_HOURS = `case when jsonb_typeof(a.answers->'aside'->'weeklyHours') = 'number' then (a.answers->'aside'->>'weeklyHours')::numeric end`;
/** On the cohort's board: on a team or waitlisted (`s`: the application's team_board_seat, migration 201). */
const PLACED_OR_WAITLISTED = 's.join_id is not null';
/**
 * Every request is honoured: each friend's live application in the cohort (among the members the aside step
 * resolved the requests to, matched by career card ID, any case) has a seat on the applicant's team.
 */
const ALL_TOGETHER = `s.team_key is not null and not exists (
    select 1 from jsonb_array_elements_text(${FRIEND_CARDS}) as r(card)
    where not exists (
      select 1 from application f join team_board_seat fs on fs.join_id = f.join_id
      where f.odd_id = a.odd_id and f.user_id = any(a.friend_user_ids) and f.status = any(:states::text[])
        and f.personal_data_erased_at is null and lower(f.member_career_card_id) = lower(r.card) and fs.team_key = s.team_key))`;

const COLUMNS = [
  'a.join_id',
  'a.user_id',
  'a.status',
  'a.role',
  'a.submitted_at',
  'a.friend_user_ids',
  'a.personal_data_erased_at',
  'a.member_name',
  'a.member_nickname',
  'a.member_career_card_id',
  'a.skill_level',
  'a.skill_score',
  `a.answers->'required' as required`,
  `a.answers->'aside'->'weeklyHours' as weekly_hours`,
  `${FRIEND_CARDS} as friend_card_ids`,
  // Where the board has it, from its seat.
  's.team_key',
  's.join_id is not null and s.team_key is null as waitlisted',
].join(', ');
/**
 * An application and its seat on its cohort's board, if any: a key lookup, and no lookup at all where nothing reads
 * the seat (PostgreSQL leaves out a left join to a unique key whose columns are unused: a count without placement).
 */
const SEATED = 'application a left join team_board_seat s on s.join_id = a.join_id';

/**
 * SQL of the filters the list takes, on `a` (application) and `s` (its seat on the board): the cohort's
 * applications in `states` (the list's; null: any, as the board shows whoever it holds) that match.
 */
function filterSql(
  f: ApplicantListFilters,
  states: readonly ApplicationState[] | null = APPLICANT_STATES,
): { sql: string[]; bindings: Record<string, unknown> } {
  const sql = ['a.odd_id = :oddId'];
  const bindings: Record<string, unknown> = {};
  const where = (condition: string, values: Record<string, unknown> = {}) => {
    sql.push(condition);
    Object.assign(bindings, values);
  };
  if (f.state || states) where('a.status = any(:listed::text[])', { listed: f.state ? [f.state] : [...states!] });
  if (f.role) where('a.role = :role', { role: f.role });
  if (f.careerYears) where(`a.answers->'required'->>'careerYears' = :careerYears`, { careerYears: f.careerYears });
  if (f.friends) where(f.friends === 'true' ? HAS_REQUESTS : NO_REQUESTS);
  if (f.minHours !== undefined) where(`${WEEKLY_HOURS} >= :minHours`, { minHours: f.minHours });
  if (f.maxHours !== undefined) where(`${WEEKLY_HOURS} <= :maxHours`, { maxHours: f.maxHours });
  if (f.skillLevel === 'none') where('a.skill_level is null');
  else if (f.skillLevel) where('a.skill_level = :skillLevel', { skillLevel: Number(f.skillLevel) });
  if (f.placement === 'PLACED') where('s.team_key is not null');
  if (f.placement === 'WAITLISTED') where('s.join_id is not null and s.team_key is null');
  if (f.placement === 'NOT_ON_BOARD') where(`not ${PLACED_OR_WAITLISTED}`);
  if (f.friendStatus === 'NONE') where(NO_REQUESTS);
  if (f.friendStatus === 'UNDECIDED') where(`${HAS_REQUESTS} and not ${PLACED_OR_WAITLISTED}`);
  if (f.friendStatus === 'HONOURED') where(`${HAS_REQUESTS} and ${ALL_TOGETHER}`);
  if (f.friendStatus === 'NOT_HONOURED') where(`${HAS_REQUESTS} and ${PLACED_OR_WAITLISTED} and not (${ALL_TOGETHER})`);
  // Part of the name, nickname or career card ID, any case: the copies' search key (null once the member withdrew),
  // which holds them one a line; a query's control characters are dropped (a line break would match across two).
  const q = f.q
    ?.replace(/\p{Cc}/gu, '')
    .trim()
    .toLowerCase();
  if (q) where('a.member_search like :pattern', { pattern: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
  return { sql, bindings };
}

const ORDER = 'order by a.submitted_at, a.join_id';

/**
 * The operators' applicant list and the team building board over the applications' own rows (OPERATORS.md,
 * "Who the applicants are"): every filter is answered here, in one query with the cohort's board.
 */
export function createApplicantListRepository(knex: Knex | Knex.Transaction) {
  const rowsOf = async (sql: string, bindings: Record<string, unknown>): Promise<ApplicantRow[]> =>
    (await knex.raw(sql, bindings)).rows;

  return {
    /**
     * One page of the cohort's applicants that match (offset paging in list order: submission, then join id, so
     * pages never overlap or skip a row while nothing changes) and how many match in all. The page's join ids
     * come first, from the narrow index where the filters allow; only those rows are read whole.
     */
    async page(
      oddId: number,
      f: ApplicantListFilters,
      limit: number,
      offset: number,
    ): Promise<{ rows: ApplicantRow[]; total: number }> {
      const { sql, bindings } = filterSql(f);
      const all = { ...bindings, oddId, states: [...APPLICANT_STATES], limit, offset };
      const matching = `from ${SEATED} where ${sql.join(' and ')}`;
      const [rows, counted] = await Promise.all([
        rowsOf(
          `with paged as (select a.join_id ${matching} ${ORDER} limit :limit offset :offset)
           select ${COLUMNS} from paged p join ${SEATED} on a.join_id = p.join_id ${ORDER}`,
          all,
        ),
        knex.raw(`select count(*)::int as n ${matching}`, all),
      ]);
      return { rows, total: counted.rows[0].n as number };
    },

    /** Every applicant of the cohort that matches, in list order (the CSV export). */
    async all(oddId: number, f: ApplicantListFilters): Promise<ApplicantRow[]> {
      const { sql, bindings } = filterSql(f);
      return rowsOf(`select ${COLUMNS} from ${SEATED} where ${sql.join(' and ')} ${ORDER}`, {
        ...bindings,
        oddId,
        states: [...APPLICANT_STATES],
      });
    },

    /** The given applications (a page of the board), whatever their state now. */
    async byJoinIds(joinIds: number[]): Promise<ApplicantRow[]> {
      if (!joinIds.length) return [];
      return rowsOf(`select ${COLUMNS} from ${SEATED} where a.join_id = any(:joinIds::int[])`, { joinIds });
    },

    /** The join ids of the members of the cohort's board (on a team or waitlisted) whom the people filters match. */
    async boardMatches(oddId: number, f: ApplicantListFilters): Promise<number[]> {
      const { sql, bindings } = filterSql(f, null);
      const rows: { join_id: number }[] = (
        await knex.raw(
          `select a.join_id from application a join team_board_seat s on s.join_id = a.join_id where s.odd_id = :oddId and ${sql.join(' and ')}`,
          { ...bindings, oddId, states: [...APPLICANT_STATES] },
        )
      ).rows;
      return rows.map((r) => r.join_id);
    },

    /** Applications in `states` of the cohort, in application order (the matcher's input). */
    async inStates(oddId: number, states: readonly ApplicationState[]): Promise<ApplicantRow[]> {
      return rowsOf(
        `select ${COLUMNS} from ${SEATED} where a.odd_id = :oddId and a.status = any(:states::text[]) and a.role is not null ${ORDER}`,
        { oddId, states: [...states] },
      );
    },

    /**
     * The live applications in the cohort of the members the given applications' requests were resolved to
     * (friend_user_ids), with their seats: what a friend request is matched to.
     */
    async friendsOf(oddId: number, rows: ApplicantRow[]): Promise<FriendRow[]> {
      const userIds = [...new Set(rows.flatMap((r) => (r.personal_data_erased_at ? [] : (r.friend_user_ids ?? []))))];
      if (!userIds.length) return [];
      return (
        await knex.raw(
          `select f.join_id, f.user_id, f.member_nickname, f.member_career_card_id, f.answers->'aside'->'friendCareerCardIds' as friend_card_ids, f.friend_user_ids, s.team_key
         from application f left join team_board_seat s on s.join_id = f.join_id
         where f.odd_id = :oddId and f.status = any(:states::text[]) and f.user_id = any(:userIds::int[]) and f.personal_data_erased_at is null`,
          { oddId, states: [...APPLICANT_STATES], userIds },
        )
      ).rows;
    },

    /** What the applicant submitted, and since when it is erased (null: it is not). */
    async answersOf(
      joinId: number,
    ): Promise<{ join_id: number; answers: unknown; personal_data_erased_at: Date | null } | undefined> {
      return knex('application').where({ join_id: joinId }).first('join_id', 'answers', 'personal_data_erased_at');
    },
  };
}

export type ApplicantListRepository = ReturnType<typeof createApplicantListRepository>;
