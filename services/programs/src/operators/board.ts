import type { Knex } from 'knex';
import { matchTeams, type Applicant, type Role, type TeamMakeup } from '@sq/team-matcher';
import { MESSAGES } from '@sq/contracts';
import type { ApplicationState } from '@sq/contracts/api/applications';
import type { ApplicantPerson } from '@sq/contracts/api/operators/applicants';
import type { BoardMember, BoardResponse, PublishPreview } from '@sq/contracts/api/operators/board';
import { conflict, notFound, type Row } from '@sq/service-kit';
import { transition } from '../core/transition';
import type { JobQueue } from '../jobs/queue';
import type { ProgramsConfig } from '../config';
import {
  createApplicantListRepository,
  type ApplicantListFilters,
  type ApplicantRow,
} from '../repositories/applicant-list-repository';
import { createBoardRepository, type Board } from '../repositories/board-repository';
import { audit } from '../repositories/audit-log-repository';
import { SPRINT_MATCH_MIN_SIZE } from '../config/operators';
import { peopleOf, shown } from './applicant-people';
import { recordWebhookEvent } from '../core/webhook-events';

export type { Board };

/** Applications that take part in a cohort's team building (reserved or paid, not yet on a published team). */
export const BOARD_STATES: readonly ApplicationState[] = ['RESERVED', 'PAID', 'TEAM_BUILDING', 'WAITLISTED'];
/** States charged when the board is published (a reservation); PAID members are assigned without a new charge. */
const CHARGED_AT_PUBLISH: readonly ApplicationState[] = ['RESERVED', 'TEAM_BUILDING', 'WAITLISTED'];

export interface BoardDeps {
  knex: Knex;
  jobs: JobQueue;
  clock: () => Date;
  boardPages: ProgramsConfig['board'];
}

/** The cohort (with its product's make-up), locked for the operator's change: changes of one board queue. */
async function lockCohort(trx: Knex.Transaction, oddId: number): Promise<Row> {
  const cohort = await createBoardRepository(trx).cohort(oddId, true);
  if (!cohort) throw notFound(MESSAGES.adminCohortNotFound);
  return cohort;
}

export function makeupOf(cohort: Row): TeamMakeup {
  const seats = (cohort.role_seats ?? {}) as Partial<Record<Role, number | null>>;
  const pick = (role: Role, column: string) =>
    seats[role] !== undefined ? seats[role] : (cohort[column] as number | null);
  return {
    minSize: cohort.min_team_size ?? 1,
    maxSize: cohort.max_team_size ?? 1,
    seats: {
      PLANNER: pick('PLANNER', 'planner_seats'),
      DESIGNER: pick('DESIGNER', 'designer_seats'),
      DEVELOPER: pick('DEVELOPER', 'developer_seats'),
    },
    ...(cohort.kind === 'SPRINT' ? { matchMinSize: SPRINT_MATCH_MIN_SIZE } : {}),
    maxFriends: cohort.max_friends ?? 0,
  };
}

/** A board entry whose application is gone from the database: nobody to show but the number. */
const ANONYMOUS: ApplicantPerson = {
  name: null,
  alias: null,
  careerCardId: null,
  role: null,
  jobGroup: null,
  position: null,
  careerYears: null,
  experienceMonths: null,
  skillLevel: null,
  weeklyHours: null,
  friendRequests: [],
  friendStatus: 'NONE',
  placement: 'NOT_ON_BOARD',
  teamKey: null,
};

const careerMonthsOf = (row: ApplicantRow | undefined) => Number(row?.required?.experienceMonths ?? 0);

/**
 * The matcher's input: the cohort's applications in team building, in application order, each member named by
 * nickname (the explanations name them; a withdrawn member by number), career and weekly hours from the answers,
 * the check-up's score, and friends resolved at the aside step (friend_user_ids) or matched by career card ID.
 */
async function matcherApplicants(knex: Knex, oddId: number): Promise<Applicant[]> {
  const applicants = createApplicantListRepository(knex);
  const rows = await applicants.inStates(oddId, BOARD_STATES);
  const persons = peopleOf(rows, await applicants.friendsOf(oddId, rows));
  const joinByUser = new Map(rows.map((r) => [r.user_id, r.join_id]));
  return rows.map((row) => {
    const person = persons.get(row.join_id)!;
    return {
      id: row.join_id,
      name: person.alias ?? `#${row.join_id}`,
      role: row.role as Role,
      careerMonths: careerMonthsOf(row),
      skillLevel: person.skillScore,
      weeklyHours: person.weeklyHours,
      friendIds: [
        ...new Set([
          ...(row.friend_user_ids ?? []).flatMap((userId) => joinByUser.get(userId) ?? []),
          ...person.friendRequests.flatMap((f) => (f.joinId === null ? [] : [f.joinId])),
        ]),
      ],
    };
  });
}

function refuseWhenPublished(board: Board | null): void {
  if (board?.publishedAt) throw conflict(MESSAGES.adminAlreadyPublished);
}

/** Runs the matcher around the operator's locks and stores the proposal as the board. */
export async function runMatcher(deps: BoardDeps, oddId: number, actorUserId: number, seed?: number): Promise<Board> {
  const applicants = await matcherApplicants(deps.knex, oddId);
  return deps.knex.transaction(async (trx) => {
    const cohort = await lockCohort(trx, oddId);
    const previous = await createBoardRepository(trx).load(oddId, true);
    refuseWhenPublished(previous);
    const lockedMembers = previous?.lockedMembers ?? {};
    const lockedTeams = previous?.lockedTeams ?? [];
    const present = new Set(applicants.map((a) => a.id));
    const result = matchTeams({
      makeup: makeupOf(cohort),
      applicants,
      currentTeams: previous?.teams ?? {},
      locks: {
        members: Object.entries(lockedMembers)
          .filter(([id]) => present.has(Number(id)))
          .map(([id, teamKey]) => ({ applicantId: Number(id), teamKey })),
        teams: lockedTeams,
      },
      seed: seed ?? previous?.seed ?? 1,
    });
    const board: Board = {
      oddId,
      seed: seed ?? previous?.seed ?? 1,
      teams: Object.fromEntries(result.teams.map((t) => [t.key, t.members.map((m) => m.applicantId)])),
      waitlist: result.unplaced.map((u) => u.applicantId),
      explanations: Object.fromEntries(
        result.teams.flatMap((t) => t.members.map((m) => [String(m.applicantId), m.explanation])),
      ),
      unplaced: result.unplaced.map((u) => ({ joinId: u.applicantId, reason: u.reason, explanation: u.explanation })),
      lockedMembers,
      lockedTeams,
      scores: Object.fromEntries(result.teams.map((t) => [t.key, t.score])),
      publishedAt: null,
    };
    await createBoardRepository(trx).save(board, deps.clock());
    await audit(trx, {
      actorUserId,
      action: 'BOARD_RUN',
      targetType: 'TEAM_BOARD',
      targetId: oddId,
      oddId,
      before: previous ? { teams: previous.teams, waitlist: previous.waitlist } : null,
      after: {
        seed: board.seed,
        teams: board.teams,
        waitlist: board.waitlist,
        worstScore: result.worstScore,
        meanScore: result.meanScore,
      },
      at: deps.clock(),
    });
    return board;
  });
}

async function editBoard(
  deps: BoardDeps,
  oddId: number,
  change: (board: Board) => void,
  entry: { actorUserId: number; action: string; targetId: string | number },
): Promise<Board> {
  return deps.knex.transaction(async (trx) => {
    await lockCohort(trx, oddId);
    const boards = createBoardRepository(trx);
    const board = await boards.load(oddId, true);
    if (!board) throw conflict(MESSAGES.adminNoProposal);
    refuseWhenPublished(board);
    const before = {
      teams: structuredClone(board.teams),
      waitlist: [...board.waitlist],
      lockedMembers: { ...board.lockedMembers },
      lockedTeams: [...board.lockedTeams],
    };
    change(board);
    await boards.save(board, deps.clock());
    await audit(trx, {
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetType: 'TEAM_BOARD',
      targetId: entry.targetId,
      oddId,
      before,
      after: {
        teams: board.teams,
        waitlist: board.waitlist,
        lockedMembers: board.lockedMembers,
        lockedTeams: board.lockedTeams,
      },
      at: deps.clock(),
    });
    return board;
  });
}

const teamOf = (board: Board, joinId: number) =>
  Object.keys(board.teams).find((key) => board.teams[key]!.includes(joinId)) ?? null;

/** Moves a member to another team (an existing key or a new one) or to the waitlist (`toTeam` null). */
export function moveMember(
  deps: BoardDeps,
  oddId: number,
  actorUserId: number,
  joinId: number,
  toTeam: string | null,
): Promise<Board> {
  return editBoard(
    deps,
    oddId,
    (board) => {
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
      for (const key of Object.keys(board.teams))
        if (!board.teams[key]!.length && !board.lockedTeams.includes(key)) delete board.teams[key];
    },
    { actorUserId, action: toTeam === null ? 'BOARD_MOVE_TO_WAITLIST' : 'BOARD_MOVE', targetId: joinId },
  );
}

/** Locks (or unlocks) a member on their current team, or a whole team; a re-run keeps locked ones in place. */
export function lockOnBoard(
  deps: BoardDeps,
  oddId: number,
  actorUserId: number,
  target: { joinId?: number; teamKey?: string },
  locked: boolean,
): Promise<Board> {
  return editBoard(
    deps,
    oddId,
    (board) => {
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
    },
    { actorUserId, action: locked ? 'BOARD_LOCK' : 'BOARD_UNLOCK', targetId: target.joinId ?? target.teamKey ?? '' },
  );
}

/** What the console asks of the board: a page of its teams and of its waitlist, and the people filters. */
export interface BoardQuery {
  /** Absent: the first page (of each). */
  page?: number;
  waitlistPage?: number;
  filters?: ApplicantListFilters;
}

const filtering = (f: ApplicantListFilters | undefined): f is ApplicantListFilters =>
  Object.values(f ?? {}).some((v) => v !== undefined && v !== '');
const pageOf = <T>(items: T[], page: number, size: number) => items.slice((page - 1) * size, page * size);

/**
 * The board as the console shows it (names, roles, states, explanations), a page at a time: the board's layout
 * says which teams and waitlisted members are on the page (with filters, the database says whom they match), and
 * only those members' applications and texts are read, with their friends; nobody else is asked.
 */
export async function boardView(deps: BoardDeps, oddId: number, query: BoardQuery = {}): Promise<BoardResponse> {
  const applicants = createApplicantListRepository(deps.knex);
  const boards = createBoardRepository(deps.knex);
  const [board, matched] = await Promise.all([
    boards.layout(oddId),
    filtering(query.filters) ? applicants.boardMatches(oddId, query.filters) : null,
  ]);
  if (!board && !(await boards.cohort(oddId))) throw notFound(MESSAGES.adminCohortNotFound);
  const teams = board?.teams ?? {};
  const waitlist = board?.waitlist ?? [];
  const teamKeys = Object.keys(teams);
  const memberCount = Object.values(teams).flat().length + waitlist.length;
  const matching = matched ? new Set(matched) : null;
  const shows = (joinId: number) => !matching || matching.has(joinId);
  const shownTeams = teamKeys.filter((key) => !matching || teams[key]!.some(shows));
  const shownWaitlist = waitlist.filter(shows);
  const page = query.page ?? 1;
  const pageSize = deps.boardPages.teamsPageSize;
  const waitlistPage = query.waitlistPage ?? 1;
  const waitlistPageSize = deps.boardPages.waitlistPageSize;
  const pageTeams = pageOf(shownTeams, page, pageSize);
  const pageWaitlist = pageOf(shownWaitlist, waitlistPage, waitlistPageSize);
  const onPage = [...pageTeams.flatMap((key) => teams[key]!), ...pageWaitlist];

  const [rows, texts] = await Promise.all([applicants.byJoinIds(onPage), boards.texts(oddId, onPage)]);
  const byId = new Map(rows.map((r) => [r.join_id, r]));
  const persons = peopleOf(rows, await applicants.friendsOf(oddId, rows));
  const member = (joinId: number): BoardMember => {
    const row = byId.get(joinId);
    const person = persons.get(joinId);
    return {
      ...(person ? shown(person) : ANONYMOUS),
      joinId,
      state: row?.status ?? 'CANCELLED',
      careerMonths: careerMonthsOf(row),
      locked: board?.lockedMembers[String(joinId)] !== undefined,
      explanation: texts.explanations.get(joinId) ?? '',
    };
  };
  return {
    oddId,
    seed: board?.seed ?? 1,
    teamKeys,
    teams: pageTeams.map((key) => ({
      key,
      locked: board!.lockedTeams.includes(key),
      score: board!.scores[key] ?? null,
      members: teams[key]!.map(member),
    })),
    waitlist: pageWaitlist.map((joinId) => ({ ...member(joinId), reason: texts.reasons.get(joinId) ?? null })),
    publishedAt: board?.publishedAt?.toISOString() ?? null,
    page,
    pageSize,
    teamCount: shownTeams.length,
    pageCount: Math.ceil(shownTeams.length / pageSize),
    waitlistPage,
    waitlistPageSize,
    waitlistCount: shownWaitlist.length,
    memberCount,
    matchingCount: matching ? matching.size : memberCount,
  };
}

async function previewOf(knex: Knex | Knex.Transaction, board: Board, cohort: Row): Promise<PublishPreview> {
  const rows = await createBoardRepository(knex).seatApplications(Object.values(board.teams).flat());
  const byId = new Map(rows.map((r) => [r.join_id, r]));
  const preview: PublishPreview = {
    oddId: board.oddId,
    charges: [],
    alreadyPaid: [],
    totalKrw: 0,
    waitlisted: [...board.waitlist],
  };
  for (const [teamKey, members] of Object.entries(board.teams)) {
    for (const joinId of members) {
      const row = byId.get(joinId);
      if (!row) continue;
      if (row.status === 'PAID') preview.alreadyPaid.push({ joinId, teamKey });
      else if (CHARGED_AT_PUBLISH.includes(row.status)) {
        const amountKrw = Number(row.fee_krw ?? cohort.fee_krw);
        preview.charges.push({ joinId, name: row.member_name, teamKey, amountKrw });
        preview.totalKrw += amountKrw;
      }
    }
  }
  return preview;
}

/** Who will be charged when the board is published, and how much in total. */
export async function publishPreview(deps: BoardDeps, oddId: number): Promise<PublishPreview> {
  const boards = createBoardRepository(deps.knex);
  const board = await boards.load(oddId);
  if (!board) throw conflict(MESSAGES.adminNoProposal);
  return previewOf(deps.knex, board, (await boards.cohort(oddId))!);
}

/**
 * Publishes the board once: the teams are written, paid members move to ASSIGNED, and one charge job per
 * reserved member is sent in the same transaction (the charge moves them to ASSIGNED or PAYMENT_FAILED).
 * The board row is locked and published_at checked and set in that transaction: a second publish, or two
 * operators at once, gets 409 and changes nothing.
 */
export async function publishBoard(
  deps: BoardDeps,
  oddId: number,
  actorUserId: number,
): Promise<{ publishedAt: Date; chargeJobs: number; teams: number }> {
  return deps.knex.transaction(async (trx) => {
    const cohort = await lockCohort(trx, oddId);
    const boards = createBoardRepository(trx);
    const board = await boards.load(oddId, true);
    if (!board) throw conflict(MESSAGES.adminNoProposal);
    refuseWhenPublished(board);
    const now = deps.clock();
    const preview = await previewOf(trx, board, cohort);
    const charged = new Set(preview.charges.map((c) => c.joinId));
    const paid = new Set(preview.alreadyPaid.map((c) => c.joinId));
    let teams = 0;
    for (const [index, [teamKey, members]] of Object.entries(board.teams).entries()) {
      const placed = members.filter((id) => charged.has(id) || paid.has(id));
      if (!placed.length) continue;
      const teamId = await boards.addTeam({ oddId, teamKey, name: `${index + 1}팀`, at: now });
      teams += 1;
      for (const joinId of placed) {
        await boards.addSeat({
          joinId,
          teamId,
          explanation: (board.explanations[String(joinId)] ?? '').slice(0, 500),
          at: now,
        });
        if (paid.has(joinId))
          await transition(trx, {
            joinId,
            to: 'ASSIGNED',
            actor: 'OPERATOR',
            actorUserId,
            reason: `팀 발표 (${teamKey})`,
          });
        else await deps.jobs.sendIn(trx, 'team-charge', { joinId }, { singletonKey: `team-charge:${joinId}` });
      }
    }
    for (const joinId of board.waitlist) {
      const status = await boards.statusOf(joinId);
      if (status === 'RESERVED' || status === 'TEAM_BUILDING' || status === 'PAID') {
        await transition(trx, {
          joinId,
          to: 'WAITLISTED',
          actor: 'OPERATOR',
          actorUserId,
          reason: '팀 발표: 대기 명단',
        });
      }
    }
    await boards.markPublished(oddId, actorUserId, now);
    await recordWebhookEvent(trx, { type: 'teams.published', userId: null, data: { oddId, teams } });
    await audit(trx, {
      actorUserId,
      action: 'BOARD_PUBLISH',
      targetType: 'TEAM_BOARD',
      targetId: oddId,
      oddId,
      before: null,
      after: {
        teams: board.teams,
        waitlist: board.waitlist,
        totalKrw: preview.totalKrw,
        charges: preview.charges.length,
      },
      at: now,
    });
    return { publishedAt: now, chargeJobs: charged.size, teams };
  });
}
