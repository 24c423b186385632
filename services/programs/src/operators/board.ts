import type { Knex } from 'knex';
import { matchTeams, type Applicant, type Role, type TeamMakeup } from '@sq/team-matcher';
import { MESSAGES } from '@sq/contracts';
import type { ApplicationAnswers, ApplicationState } from '@sq/contracts/api/applications';
import type { ApplicantPerson, BoardMember, BoardResponse, PublishPreview } from '@sq/contracts/api/operators';
import { conflict, notFound, type Row } from '@sq/service-kit';
import { transition } from '../applications/transition';
import type { JobQueue } from '../jobs/queue';
import type { PeopleClient } from './people-client';
import { audit } from './audit';
import { SPRINT_MATCH_MIN_SIZE } from './config';
import { peopleOf, shown } from './applicant-people';

/** Applications that take part in a cohort's team building (reserved or paid, not yet on a published team). */
export const BOARD_STATES: readonly ApplicationState[] = ['RESERVED', 'PAID', 'TEAM_BUILDING', 'WAITLISTED'];
/** States charged when the board is published (a reservation); PAID members are assigned without a new charge. */
const CHARGED_AT_PUBLISH: readonly ApplicationState[] = ['RESERVED', 'TEAM_BUILDING', 'WAITLISTED'];

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

export interface BoardDeps {
  knex: Knex;
  people: PeopleClient;
  jobs: JobQueue;
  clock: () => Date;
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

async function saveBoard(trx: Knex.Transaction, board: Board, at: Date): Promise<void> {
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
  await trx('team_board').insert({ odd_id: board.oddId, ...row }).onConflict('odd_id').merge(row);
}

/** The cohort (with its product's make-up), locked for the operator's change: changes of one board queue. */
async function lockCohort(trx: Knex.Transaction, oddId: number): Promise<Row> {
  const cohort = await trx('cohort as c').join('product as p', 'p.product_id', 'c.product_id').where('c.odd_id', oddId).forUpdate('c').first('c.*', 'p.kind', 'p.fee_krw', 'p.min_team_size', 'p.max_team_size', 'p.planner_seats', 'p.designer_seats', 'p.developer_seats', 'p.max_friends');
  if (!cohort) throw notFound(MESSAGES.adminCohortNotFound);
  return cohort;
}

export async function loadBoard(knex: Knex, oddId: number, forUpdate = false): Promise<Board | null> {
  const query = knex('team_board').where({ odd_id: oddId });
  if (forUpdate) query.forUpdate();
  const row = await query.first();
  return row ? toBoard(row) : null;
}

export function makeupOf(cohort: Row): TeamMakeup {
  const seats = (cohort.role_seats ?? {}) as Partial<Record<Role, number | null>>;
  const pick = (role: Role, column: string) => (seats[role] !== undefined ? seats[role] : (cohort[column] as number | null));
  return {
    minSize: cohort.min_team_size ?? 1,
    maxSize: cohort.max_team_size ?? 1,
    seats: { PLANNER: pick('PLANNER', 'planner_seats'), DESIGNER: pick('DESIGNER', 'designer_seats'), DEVELOPER: pick('DEVELOPER', 'developer_seats') },
    ...(cohort.kind === 'SPRINT' ? { matchMinSize: SPRINT_MATCH_MIN_SIZE } : {}),
    maxFriends: cohort.max_friends ?? 0,
  };
}

/** A board entry whose application is gone from the database: nobody to show but the number. */
const ANONYMOUS: ApplicantPerson = {
  name: null, alias: null, careerCardId: null, role: null, jobGroup: null, position: null, careerYears: null, experienceMonths: null,
  skillLevel: null, weeklyHours: null, friendRequests: [], friendStatus: 'NONE', placement: 'NOT_ON_BOARD', teamKey: null,
};

const careerMonthsOf = (row: Row) => Number(((row.answers ?? {}) as ApplicationAnswers).required?.experienceMonths ?? 0);

/** The cohort's applications on the board, in application order. */
async function boardApplications(knex: Knex, oddId: number): Promise<Row[]> {
  return knex('application').where({ odd_id: oddId }).whereIn('status', BOARD_STATES).whereNotNull('role').orderBy([{ column: 'submitted_at' }, { column: 'join_id' }]);
}

/**
 * The matcher's input from the stored applications: each member named by nickname (the explanations name
 * them; a withdrawn member by number), career and weekly hours from the answers, the check-up's score, and
 * friends resolved at the aside step (friend_user_ids) or matched by career card ID.
 */
async function matcherApplicants(deps: BoardDeps, oddId: number, rows: Row[]): Promise<Applicant[]> {
  const persons = await peopleOf(deps.knex, deps.people, oddId, rows, null);
  const joinByUser = new Map(rows.map((r) => [r.user_id as number, r.join_id as number]));
  return rows.map((row) => {
    const person = persons.get(row.join_id)!;
    return {
      id: row.join_id,
      name: person.alias ?? `#${row.join_id}`,
      role: row.role as Role,
      careerMonths: careerMonthsOf(row),
      skillLevel: person.skillScore,
      weeklyHours: person.weeklyHours,
      friendIds: [...new Set([
        ...((row.friend_user_ids ?? []) as number[]).flatMap((userId) => joinByUser.get(userId) ?? []),
        ...person.friendRequests.flatMap((f) => (f.joinId === null ? [] : [f.joinId])),
      ])],
    };
  });
}

function refuseWhenPublished(board: Board | null): void {
  if (board?.publishedAt) throw conflict(MESSAGES.adminAlreadyPublished);
}

/** Runs the matcher around the operator's locks and stores the proposal as the board. */
export async function runMatcher(deps: BoardDeps, oddId: number, actorUserId: number, seed?: number): Promise<Board> {
  const rows = await boardApplications(deps.knex, oddId);
  const applicants = await matcherApplicants(deps, oddId, rows);
  return deps.knex.transaction(async (trx) => {
    const cohort = await lockCohort(trx, oddId);
    const previous = await loadBoard(trx, oddId, true);
    refuseWhenPublished(previous);
    const lockedMembers = previous?.lockedMembers ?? {};
    const lockedTeams = previous?.lockedTeams ?? [];
    const present = new Set(applicants.map((a) => a.id));
    const result = matchTeams({
      makeup: makeupOf(cohort),
      applicants,
      currentTeams: previous?.teams ?? {},
      locks: {
        members: Object.entries(lockedMembers).filter(([id]) => present.has(Number(id))).map(([id, teamKey]) => ({ applicantId: Number(id), teamKey })),
        teams: lockedTeams,
      },
      seed: seed ?? previous?.seed ?? 1,
    });
    const board: Board = {
      oddId,
      seed: seed ?? previous?.seed ?? 1,
      teams: Object.fromEntries(result.teams.map((t) => [t.key, t.members.map((m) => m.applicantId)])),
      waitlist: result.unplaced.map((u) => u.applicantId),
      explanations: Object.fromEntries(result.teams.flatMap((t) => t.members.map((m) => [String(m.applicantId), m.explanation]))),
      unplaced: result.unplaced.map((u) => ({ joinId: u.applicantId, reason: u.reason, explanation: u.explanation })),
      lockedMembers,
      lockedTeams,
      scores: Object.fromEntries(result.teams.map((t) => [t.key, t.score])),
      publishedAt: null,
    };
    await saveBoard(trx, board, deps.clock());
    await audit(trx, { actorUserId, action: 'BOARD_RUN', targetType: 'TEAM_BOARD', targetId: oddId, oddId, before: previous ? { teams: previous.teams, waitlist: previous.waitlist } : null, after: { seed: board.seed, teams: board.teams, waitlist: board.waitlist, worstScore: result.worstScore, meanScore: result.meanScore }, at: deps.clock() });
    return board;
  });
}

async function editBoard(deps: BoardDeps, oddId: number, change: (board: Board) => void, entry: { actorUserId: number; action: string; targetId: string | number }): Promise<Board> {
  return deps.knex.transaction(async (trx) => {
    await lockCohort(trx, oddId);
    const board = await loadBoard(trx, oddId, true);
    if (!board) throw conflict(MESSAGES.adminNoProposal);
    refuseWhenPublished(board);
    const before = { teams: structuredClone(board.teams), waitlist: [...board.waitlist], lockedMembers: { ...board.lockedMembers }, lockedTeams: [...board.lockedTeams] };
    change(board);
    await saveBoard(trx, board, deps.clock());
    await audit(trx, { actorUserId: entry.actorUserId, action: entry.action, targetType: 'TEAM_BOARD', targetId: entry.targetId, oddId, before, after: { teams: board.teams, waitlist: board.waitlist, lockedMembers: board.lockedMembers, lockedTeams: board.lockedTeams }, at: deps.clock() });
    return board;
  });
}

const teamOf = (board: Board, joinId: number) => Object.keys(board.teams).find((key) => board.teams[key]!.includes(joinId)) ?? null;

/** Moves a member to another team (an existing key or a new one) or to the waitlist (`toTeam` null). */
export function moveMember(deps: BoardDeps, oddId: number, actorUserId: number, joinId: number, toTeam: string | null): Promise<Board> {
  return editBoard(deps, oddId, (board) => {
    const from = teamOf(board, joinId);
    if (from === null && !board.waitlist.includes(joinId)) throw notFound(MESSAGES.adminMemberNotOnBoard);
    if (from !== null) board.teams[from] = board.teams[from]!.filter((id) => id !== joinId);
    board.waitlist = board.waitlist.filter((id) => id !== joinId);
    if (toTeam === null) {
      board.waitlist.push(joinId);
      delete board.lockedMembers[String(joinId)];
      board.explanations[String(joinId)] = '운영자가 대기 명단으로 옮겼어요.';
    } else {
      (board.teams[toTeam] ??= []).push(joinId);
      if (board.lockedMembers[String(joinId)]) board.lockedMembers[String(joinId)] = toTeam;
      board.explanations[String(joinId)] = '운영자가 이 팀으로 옮겼어요.';
      board.unplaced = board.unplaced.filter((u) => u.joinId !== joinId);
    }
    for (const key of Object.keys(board.teams)) if (!board.teams[key]!.length && !board.lockedTeams.includes(key)) delete board.teams[key];
  }, { actorUserId, action: toTeam === null ? 'BOARD_MOVE_TO_WAITLIST' : 'BOARD_MOVE', targetId: joinId });
}

/** Locks (or unlocks) a member on their current team, or a whole team; a re-run keeps locked ones in place. */
export function lockOnBoard(deps: BoardDeps, oddId: number, actorUserId: number, target: { joinId?: number; teamKey?: string }, locked: boolean): Promise<Board> {
  return editBoard(deps, oddId, (board) => {
    if (target.joinId !== undefined) {
      const team = teamOf(board, target.joinId);
      if (team === null) throw notFound(MESSAGES.adminMemberNotOnBoard);
      if (locked) board.lockedMembers[String(target.joinId)] = team;
      else delete board.lockedMembers[String(target.joinId)];
    }
    if (target.teamKey !== undefined) {
      if (!board.teams[target.teamKey]) throw notFound(MESSAGES.adminTeamNotFound);
      board.lockedTeams = board.lockedTeams.filter((key) => key !== target.teamKey);
      if (locked) board.lockedTeams.push(target.teamKey);
    }
  }, { actorUserId, action: locked ? 'BOARD_LOCK' : 'BOARD_UNLOCK', targetId: target.joinId ?? target.teamKey ?? '' });
}

/** The board as the console shows it (names, roles, states, explanations). */
export async function boardView(deps: BoardDeps, oddId: number): Promise<BoardResponse> {
  const board = await loadBoard(deps.knex, oddId);
  if (!board) {
    if (!(await deps.knex('cohort').where({ odd_id: oddId }).first('odd_id'))) throw notFound(MESSAGES.adminCohortNotFound);
    return { oddId, seed: 1, teams: [], waitlist: [], publishedAt: null };
  }
  const ids = [...Object.values(board.teams).flat(), ...board.waitlist];
  const rows: Row[] = ids.length ? await deps.knex('application').whereIn('join_id', ids) : [];
  const byId = new Map(rows.map((r) => [r.join_id as number, r]));
  const persons = await peopleOf(deps.knex, deps.people, oddId, rows, board);
  const member = (joinId: number): BoardMember => {
    const row = byId.get(joinId);
    const person = persons.get(joinId);
    return {
      ...(person ? shown(person) : ANONYMOUS),
      joinId,
      state: row?.status ?? 'CANCELLED',
      careerMonths: row ? careerMonthsOf(row) : 0,
      locked: board.lockedMembers[String(joinId)] !== undefined,
      explanation: board.explanations[String(joinId)] ?? '',
    };
  };
  return {
    oddId,
    seed: board.seed,
    teams: Object.entries(board.teams).map(([key, members]) => ({ key, locked: board.lockedTeams.includes(key), score: board.scores[key] ?? null, members: members.map(member) })),
    waitlist: board.waitlist.map((joinId) => ({ ...member(joinId), reason: board.unplaced.find((u) => u.joinId === joinId)?.explanation ?? null })),
    publishedAt: board.publishedAt?.toISOString() ?? null,
  };
}

async function previewOf(knex: Knex, board: Board, cohort: Row, people: PeopleClient | null): Promise<PublishPreview> {
  const ids = Object.values(board.teams).flat();
  const rows: Row[] = ids.length ? await knex('application').whereIn('join_id', ids) : [];
  const byId = new Map(rows.map((r) => [r.join_id as number, r]));
  const names = people ? await people.lookup(rows.map((r) => r.user_id)) : new Map();
  const preview: PublishPreview = { oddId: board.oddId, charges: [], alreadyPaid: [], totalKrw: 0, waitlisted: [...board.waitlist] };
  for (const [teamKey, members] of Object.entries(board.teams)) {
    for (const joinId of members) {
      const row = byId.get(joinId);
      if (!row) continue;
      if (row.status === 'PAID') preview.alreadyPaid.push({ joinId, teamKey });
      else if (CHARGED_AT_PUBLISH.includes(row.status)) {
        const amountKrw = Number(row.fee_krw ?? cohort.fee_krw);
        preview.charges.push({ joinId, name: names.get(row.user_id)?.name ?? null, teamKey, amountKrw });
        preview.totalKrw += amountKrw;
      }
    }
  }
  return preview;
}

/** Who will be charged when the board is published, and how much in total. */
export async function publishPreview(deps: BoardDeps, oddId: number): Promise<PublishPreview> {
  const board = await loadBoard(deps.knex, oddId);
  if (!board) throw conflict(MESSAGES.adminNoProposal);
  const cohort = await deps.knex('cohort as c').join('product as p', 'p.product_id', 'c.product_id').where('c.odd_id', oddId).first('c.*', 'p.fee_krw');
  return previewOf(deps.knex, board, cohort, deps.people);
}

/**
 * Publishes the board once: the teams are written, paid members move to ASSIGNED, and one charge job per
 * reserved member is sent in the same transaction (the charge moves them to ASSIGNED or PAYMENT_FAILED).
 * The board row is locked and published_at checked and set in that transaction: a second publish, or two
 * operators at once, gets 409 and changes nothing.
 */
export async function publishBoard(deps: BoardDeps, oddId: number, actorUserId: number): Promise<{ publishedAt: Date; chargeJobs: number; teams: number }> {
  return deps.knex.transaction(async (trx) => {
    const cohort = await lockCohort(trx, oddId);
    const board = await loadBoard(trx, oddId, true);
    if (!board) throw conflict(MESSAGES.adminNoProposal);
    refuseWhenPublished(board);
    const now = deps.clock();
    const preview = await previewOf(trx, board, cohort, null);
    const charged = new Set(preview.charges.map((c) => c.joinId));
    const paid = new Set(preview.alreadyPaid.map((c) => c.joinId));
    let teams = 0;
    for (const [index, [teamKey, members]] of Object.entries(board.teams).entries()) {
      const placed = members.filter((id) => charged.has(id) || paid.has(id));
      if (!placed.length) continue;
      const [team] = await trx('team').insert({ odd_id: oddId, team_key: teamKey, name: `${index + 1}팀`, created_at: now }).returning('team_id');
      teams += 1;
      for (const joinId of placed) {
        await trx('team_member').insert({ join_id: joinId, team_id: team.team_id, explanation: (board.explanations[String(joinId)] ?? '').slice(0, 500), joined_at: now });
        if (paid.has(joinId)) await transition(trx, { joinId, to: 'ASSIGNED', actor: 'OPERATOR', actorUserId, reason: `팀 발표 (${teamKey})` });
        else await deps.jobs.sendIn(trx, 'team-charge', { joinId }, { singletonKey: `team-charge:${joinId}` });
      }
    }
    for (const joinId of board.waitlist) {
      const row = await trx('application').where({ join_id: joinId }).first('status');
      if (row && (row.status === 'RESERVED' || row.status === 'TEAM_BUILDING' || row.status === 'PAID')) {
        await transition(trx, { joinId, to: 'WAITLISTED', actor: 'OPERATOR', actorUserId, reason: '팀 발표: 대기 명단' });
      }
    }
    await trx('team_board').where({ odd_id: oddId }).update({ published_at: now, published_by: actorUserId, updated_at: now });
    await audit(trx, { actorUserId, action: 'BOARD_PUBLISH', targetType: 'TEAM_BOARD', targetId: oddId, oddId, before: null, after: { teams: board.teams, waitlist: board.waitlist, totalKrw: preview.totalKrw, charges: preview.charges.length }, at: now });
    return { publishedAt: now, chargeJobs: charged.size, teams };
  });
}
