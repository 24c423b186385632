/** GET /itskill/checkup: the IT skill check-up intro. */
export interface CheckupIntro {
  surveyId: number;
  title: string;
  description: string;
  questionCount: number;
  estimatedMinutes: number;
  participantCount: number;
  areas: { code: string; name: string; description: string }[];
}
export interface CheckupIntroResponse {
  checkup: CheckupIntro;
}

/** GET /getIsAlarm and POST /setSurveyAlarm: whether the member gets the check-up alarm. */
export interface SurveyAlarmResponse {
  isAlarm: boolean;
}

/** GET /itskill/results/{shareKey}: a completed check-up as its member shared it (no personal data). */
export interface SharedCheckupResult {
  shareKey: string;
  surveyTitle: string;
  /** YYYY-MM-DD (Korean calendar day). */
  completedDate: string;
  totalScore: number | null;
  areas: { code: string; name: string; score: number; maxScore: number; level: number }[];
}
export interface SharedCheckupResultResponse {
  result: SharedCheckupResult;
}
