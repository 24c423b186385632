/**
 * The IT skill check-up's shared vocabulary (service and screens): career bands the percentile compares
 * within, and the level names. Career-year codes are careercard's (group CAREER_YEARS).
 */
export const CAREER_BANDS = {
  UNDER_1Y: '1년 미만',
  Y1_3: '1~3년',
  Y3_5: '3~5년',
  Y5_PLUS: '5년 이상',
} as const;
export type CareerBand = keyof typeof CAREER_BANDS;

export const CAREER_BAND_OF_YEAR: Record<string, CareerBand> = {
  CY_UNDER_6M: 'UNDER_1Y',
  CY_6M_1Y: 'UNDER_1Y',
  CY_1_3Y: 'Y1_3',
  CY_3_5Y: 'Y3_5',
  CY_5_10Y: 'Y5_PLUS',
  CY_10Y_PLUS: 'Y5_PLUS',
};

/** Level 1 to 5, as the result page and the operators' team building show it. */
export const SKILL_LEVEL_NAMES = ['입문', '초급', '중급', '숙련', '전문가'] as const;

export function skillLevelName(level: number): string {
  return SKILL_LEVEL_NAMES[Math.min(5, Math.max(1, Math.round(level))) - 1]!;
}

/** The reason code of the check-up's point (POST /point/skill). */
export const SKILL_POINT_REASON = 'SKILL_CHECKUP';

/** Applications one POST /internal/skill-levels may ask about (callers send a cohort in batches of this size). */
export const SKILL_LEVELS_MAX_APPLICATIONS = 1_000;
