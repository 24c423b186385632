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
