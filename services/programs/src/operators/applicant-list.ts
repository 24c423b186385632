import type { Knex } from 'knex';
import { APPLICANT_STATES, APPLICATION_STATE_NAMES, type ApplicationAnswers, type ApplicationState } from '@sq/contracts/api/applications';
import { matchesPerson, type PersonFilters } from '@sq/contracts/api/applicant-filters';
import type { AdminApplicant, ApplicantListResponse, FriendStatus, Placement } from '@sq/contracts/api/operators';
import type { Row } from '@sq/service-kit';
import type { PeopleClient } from './people-client';
import { peopleOf, shown } from './applicant-people';
import { loadBoard, type Board } from './board';

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

const FRIEND_COUNT = `jsonb_array_length(coalesce(answers->'aside'->'friendCareerCardIds', '[]'::jsonb))`;
/** Weekly hours as a number, null when the applicant gave none (or the answers are erased): matches no range. */
const WEEKLY_HOURS = `case when jsonb_typeof(answers->'aside'->'weeklyHours') = 'number' then (answers->'aside'->>'weeklyHours')::numeric end`;

/**
 * The cohort's applications that pass the filters the database can answer: state, role, career band, friend
 * requests made, weekly hours and placement on the board (the board is a row of its own). Ordered by submission,
 * then join id, so pages never overlap or skip a row while nothing changes.
 */
function matchingRows(knex: Knex, oddId: number, f: ApplicantListFilters, board: Board | null): Knex.QueryBuilder {
  const query = knex('application').where({ odd_id: oddId }).whereIn('status', f.state ? [f.state] : APPLICANT_STATES);
  if (f.role) query.where({ role: f.role });
  if (f.careerYears) query.whereRaw(`answers->'required'->>'careerYears' = ?`, [f.careerYears]);
  if (f.friends === 'true') query.whereRaw(`${FRIEND_COUNT} > 0`);
  if (f.friends === 'false') query.whereRaw(`${FRIEND_COUNT} = 0`);
  if (f.minHours !== undefined) query.whereRaw(`${WEEKLY_HOURS} >= ?`, [f.minHours]);
  if (f.maxHours !== undefined) query.whereRaw(`${WEEKLY_HOURS} <= ?`, [f.maxHours]);
  if (f.placement) {
    const placed = Object.values(board?.teams ?? {}).flat();
    const onTeam = new Set(placed);
    const waitlisted = (board?.waitlist ?? []).filter((id) => !onTeam.has(id));
    if (f.placement === 'PLACED') query.whereRaw('join_id = any(?::int[])', [placed]);
    if (f.placement === 'WAITLISTED') query.whereRaw('join_id = any(?::int[])', [waitlisted]);
    if (f.placement === 'NOT_ON_BOARD') query.whereRaw('not (join_id = any(?::int[]))', [[...placed, ...waitlisted]]);
  }
  return query;
}

/** Filters only who the applicants are can answer: names (account), IT skill (itskill), friends on the board. */
const personFilters = (f: ApplicantListFilters): PersonFilters | null =>
  f.q || f.skillLevel !== undefined || f.friendStatus
    ? { q: f.q, skillLevel: f.skillLevel === undefined ? undefined : f.skillLevel === 'none' ? 'none' : Number(f.skillLevel), friendStatus: f.friendStatus }
    : null;

async function applicantsOf(knex: Knex, people: PeopleClient, oddId: number, rows: Row[], board: Board | null, wanted: PersonFilters | null): Promise<AdminApplicant[]> {
  const persons = await peopleOf(knex, people, oddId, rows, board);
  return rows.flatMap((r): AdminApplicant[] => {
    const person = shown(persons.get(r.join_id)!);
    if (wanted && !matchesPerson(person, wanted)) return [];
    const answers = (r.answers ?? {}) as ApplicationAnswers;
    return [{
      ...person,
      joinId: r.join_id,
      userId: r.user_id,
      state: r.status,
      stateName: APPLICATION_STATE_NAMES[r.status as ApplicationState],
      friendCareerCardIds: [...(answers.aside?.friendCareerCardIds ?? [])],
      submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    }];
  });
}

const ORDER = [{ column: 'submitted_at' }, { column: 'join_id' }];

/** Every applicant of the cohort that matches the filters, in list order (the CSV export). */
export async function listApplicants(knex: Knex, people: PeopleClient, oddId: number, f: ApplicantListFilters): Promise<AdminApplicant[]> {
  const board = await loadBoard(knex, oddId);
  const rows: Row[] = await matchingRows(knex, oddId, f, board).orderBy(ORDER);
  return applicantsOf(knex, people, oddId, rows, board, personFilters(f));
}

/**
 * One page of the cohort's applicants (page 1-based, offset paging in list order) with the total that match.
 * With only the database's filters, the page is cut in SQL and only its rows are looked up in the account and
 * itskill services. A search by name or a filter on IT skill or friend requests needs every candidate's people
 * first (the database does not hold them): the database's filters still narrow the candidates before that.
 */
export async function pageOfApplicants(knex: Knex, people: PeopleClient, oddId: number, f: ApplicantListFilters, page: number, pageSize: number): Promise<ApplicantListResponse> {
  const board = await loadBoard(knex, oddId);
  const wanted = personFilters(f);
  const paged = (applicants: AdminApplicant[], total: number): ApplicantListResponse => ({ applicants, total, page, pageSize, pageCount: Math.ceil(total / pageSize) });
  if (wanted) {
    const rows: Row[] = await matchingRows(knex, oddId, f, board).orderBy(ORDER);
    const all = await applicantsOf(knex, people, oddId, rows, board, wanted);
    return paged(all.slice((page - 1) * pageSize, page * pageSize), all.length);
  }
  const [counted, rows] = await Promise.all([
    matchingRows(knex, oddId, f, board).count({ n: '*' }),
    matchingRows(knex, oddId, f, board).orderBy(ORDER).limit(pageSize).offset((page - 1) * pageSize),
  ]);
  return paged(await applicantsOf(knex, people, oddId, rows as Row[], board, null), Number((counted as Row[])[0]!.n));
}
