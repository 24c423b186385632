/** GET /itskill/checkup: the IT skill check-up intro (the open season). */
export interface CheckupIntro {
  surveyId: number;
  title: string;
  description: string;
  /** Questions one member answers (the bank of their job group); the largest bank when groups differ. */
  questionCount: number;
  estimatedMinutes: number;
  /** Real members who finished this season (demo rows are never counted). */
  participantCount: number;
  areas: { code: string; name: string; description: string; jobGroupCode: string | null }[];
  jobGroups: CheckupJobGroup[];
}
export interface CheckupIntroResponse {
  checkup: CheckupIntro;
}

/** A job group that has its own question bank (기획, 디자인, 개발). */
export interface CheckupJobGroup {
  code: string;
  name: string;
}

/** GET /getIsAlarm and POST /setSurveyAlarm: whether the member gets the next season's alarm. */
export interface SurveyAlarmResponse {
  isAlarm: boolean;
}

/** One question as the member sees it: the options' scores and the question's weight stay in the service. */
export interface CheckupQuestion {
  questionId: number;
  areaCode: string;
  areaName: string;
  body: string;
  options: { optionId: number; label: string }[];
}

/** Step A's base info: job group (picks the question bank), position and career years. */
export interface CheckupBaseInfo {
  jobGroupCode: string;
  positionCode: string | null;
  yearCode: string;
}

/**
 * GET/POST /itskill/checkup/run: the member's check-up in progress, with the questions of their job group
 * and the answers saved so far (kept across refreshes and devices).
 */
export interface CheckupRun extends CheckupBaseInfo {
  surveyId: number;
  surveyTitle: string;
  jobGroupName: string;
  questions: CheckupQuestion[];
  /** questionId -> optionId of the saved answers. */
  answers: Record<string, number>;
}
export interface CheckupRunResponse {
  run: CheckupRun;
}
/** POST /itskill/checkup/run/answers {questionId, optionId}: saved; how many of the questions are answered. */
export interface SaveAnswerResponse {
  answeredCount: number;
  questionCount: number;
}
/** POST /itskill/checkup/run/submit: scored in the service; the result's share key. */
export interface SubmitCheckupResponse {
  shareKey: string;
}

export interface CheckupAreaScore {
  code: string;
  name: string;
  /** 0 to 100. */
  percent: number;
  score: number;
  maxScore: number;
  /** 1 (입문) to 5 (전문가). */
  level: number;
}

/** GET /itskill/results/{shareKey}: a completed check-up as its member shared it (no personal data). */
export interface SharedCheckupResult {
  shareKey: string;
  surveyId: number;
  surveyTitle: string;
  /** YYYY-MM-DD (Korean calendar day). */
  completedDate: string;
  jobGroupCode: string;
  jobGroupName: string;
  careerBand: string;
  careerBandName: string;
  /** 0 to 100. */
  totalScore: number | null;
  /** 1 (입문) to 5 (전문가). */
  level: number | null;
  levelName: string | null;
  areas: CheckupAreaScore[];
  /**
   * Among real participants of the same season, job group and career band: "상위 {topPercent}%"; null when
   * nobody else has finished yet. `peerCount` includes this result.
   */
  ranking: { topPercent: number; peerCount: number } | null;
  /** What to learn next, from the weakest areas. */
  learnNext: { areaCode: string; areaName: string; advice: string }[];
}
export interface SharedCheckupResultResponse {
  result: SharedCheckupResult;
}
/** GET /itskill/my-result: the signed-in member's latest completed result. */
export type MyCheckupResultResponse = SharedCheckupResultResponse;

/** POST /getMyinfoSkill {surveyId, joinId}: the member's result of that season attached to their application. */
export interface AttachSkillResponse {
  attached: { surveyId: number; joinId: number; shareKey: string; level: number; levelName: string };
}

/** GET /internal/users/{userId}/skill-level[?joinId=] (service to service): the latest or attached result. */
export interface InternalSkillLevelResponse {
  completed: boolean;
  skill: {
    surveyId: number;
    shareKey: string;
    jobGroupCode: string;
    level: number;
    levelName: string;
    totalScore: number;
    completedAt: string;
  } | null;
}

/** POST /internal/skill-levels {applications: {userId, joinId}[]} (service to service): each application's level as GET /internal/users/{userId}/skill-level?joinId= gives it. */
export interface InternalSkillLevelsResponse {
  /** level 1..5 as the console shows it; totalScore 0..100 as the team matcher weighs it; null without a result. */
  levels: { joinId: number; level: number | null; totalScore: number | null }[];
}

/** GET /itskill/trends: levels and missed areas from real results, per season (demo seasons are flagged). */
export interface TrendSeason {
  surveyId: number;
  title: string;
  /** YYYY-MM-DD (Korean calendar day) the season opened. */
  openedDate: string | null;
  /** Seeded example data, never a real member's result. */
  isDemo: boolean;
  participantCount: number;
}
export interface TrendLevelRow {
  jobGroupCode: string;
  jobGroupName: string;
  careerBand: string;
  careerBandName: string;
  participantCount: number;
  /** 0 to 100. */
  averageScore: number;
  averageLevel: number;
}
export interface TrendMissedArea {
  jobGroupCode: string;
  jobGroupName: string;
  areaCode: string;
  areaName: string;
  /** 0 to 100: lower means more often missed. */
  averagePercent: number;
}
export interface TrendSeasonChange {
  jobGroupCode: string;
  jobGroupName: string;
  /** Per season, oldest first: the average score (0 to 100); null when nobody of the group took it. */
  points: { surveyId: number; title: string; isDemo: boolean; averageScore: number | null }[];
}
export interface SkillTrends {
  season: TrendSeason;
  seasons: TrendSeason[];
  levels: TrendLevelRow[];
  missedAreas: TrendMissedArea[];
  changes: TrendSeasonChange[];
}
export interface SkillTrendsResponse {
  trends: SkillTrends;
}

/** Operators' view of the seasons (GET /admin/itskill/seasons). */
export interface AdminSeason {
  surveyId: number;
  title: string;
  status: 'DRAFT' | 'OPEN' | 'CLOSED';
  isDemo: boolean;
  openedAt: string | null;
  questionCount: number;
}
export interface AdminSeasonsResponse {
  seasons: AdminSeason[];
}
/** POST /admin/itskill/seasons/{id}/open: opened; the subscribers mailed now (and those left for a retry). */
export interface OpenSeasonResponse {
  season: AdminSeason;
  notified: number;
  failed: number;
}
