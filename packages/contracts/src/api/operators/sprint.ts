import type { ApplicantRole, ApplicationState } from '../applications';
import type { JudgingResults, RubricCriterion } from './judging';

/**
 * The sprint on the members' side: their team, the daily check-in, the submission; and the published projects.
 *
 * Members' side (member access, the caller's own application only; paths under /api):
 * - GET  /applications/{joinId}/team         -> MyTeamResponse (404 sprintNoTeam until the team is published)
 * - POST /applications/{joinId}/checkin      -> { day, checkedAt } (sprint; 409 after 22:00 Asia/Seoul)
 * - PUT  /applications/{joinId}/submission   SubmissionInput -> { submission } (409 from 15:00 on the last day)
 *
 * Public (paths under /api):
 * - GET  /sprint-projects?productId=&oddId=&page=&size=  -> SprintProjectListResponse (submissions of teams whose
 *        cohort's judging results are published; newest results first, the winner first within a cohort)
 */

export interface SubmissionInput {
  projectName: string;
  description: string;
  repositoryUrl: string;
  demoUrl: string | null;
  /** Image URLs (uploaded through the careercard service's /api/fileUpload), at most 10. */
  images: string[];
}
export interface Submission extends SubmissionInput {
  updatedAt: string;
}

export interface MyTeamResponse {
  team: { teamId: number; key: string; name: string; shortHanded: boolean; stopped: boolean };
  /** Why the member was placed here (the matcher's Korean explanation). */
  explanation: string;
  members: {
    joinId: number;
    name: string | null;
    role: ApplicantRole | null;
    /** 기획자, 디자이너, 개발자 (null without a role). */
    roleName: string | null;
    state: ApplicationState;
    careerCardUrl: string | null;
    /** The career card's ID (site path /careercard/{profileId}); null when the member has none. */
    profileId: string | null;
    careerYears: string | null;
  }[];
  schedule: {
    teamBuildingAnnounceDate: string | null;
    kickoffDate: string | null;
    startDate: string;
    endDate: string;
    checkinClosesAt: string | null;
    submissionClosesAt: string | null;
  };
  checkedInToday: boolean;
  /** The caller's daily check-in (sprint only; null for other programs). */
  checkin: MyCheckin | null;
  submission: Submission | null;
  submissionOpen: boolean;
  /** After the judging is published: this team's scores, total (out of 1,000), feedback and prizes. */
  results: {
    publishedAt: string;
    winner: boolean;
    scores: Record<string, number> | null;
    total: number | null;
    feedback: string | null;
    prizes: JudgingResults['prizes'];
    /** The rubric the scores are on (criteria 0..10, weights in percent). */
    rubric: RubricCriterion[];
  } | null;
}

/** POST /applications/{joinId}/checkin (member, sprint): the Korean day checked in and when (ISO instant). */
export interface SprintCheckinResponse {
  day: string;
  checkedAt: string;
}

export interface MyCheckin {
  /** Today in Korea (YYYY-MM-DD) and when today's check-in closes (ISO instant, 22:00 Asia/Seoul). */
  day: string;
  closesAt: string;
  /** Whether a check-in is taken now: the member is on a running sprint team, on a sprint day, before 22:00. */
  open: boolean;
  checkedInAt: string | null;
  /** Consecutive days checked in, up to today (or yesterday while today's is still open). */
  streak: number;
  misses: number;
  lastMiss: string | null;
  /** Consecutive misses after which a member is dropped. */
  missesBeforeDrop: number;
}

/** A published sprint project on /projects. */
export interface SprintProject {
  teamId: number;
  teamName: string;
  projectName: string;
  description: string;
  repositoryUrl: string;
  demoUrl: string | null;
  images: string[];
  productId: number;
  productName: string;
  oddId: number;
  cohortName: string;
  /** The cohort's winning team (the team prize). */
  winner: boolean;
  /** Members who finished with the team (dropped members left out): nickname, role, career card ID. */
  members: { alias: string | null; role: ApplicantRole | null; roleName: string | null; profileId: string | null }[];
  publishedAt: string;
}
export interface SprintProjectListResponse {
  projects: { items: SprintProject[]; page: number; size: number; total: number };
}
