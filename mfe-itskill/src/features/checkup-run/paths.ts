/** The check-up's screens in order (spec section 2). */
export const INTRO_PATH = '/itskillcheckup';
export const STEP_A_PATH = '/itskillcheckup/step-a';
export const STEP_B_PATH = '/itskillcheckup/step-b';
export const LOADING_PATH = '/itskillcheckup/loading';
export const resultPath = (shareKey: string) => `/itskillcheckup/result/${shareKey}`;
export const MY_RESULT_PATH = '/itskillcheckup/result';

/**
 * The question to show in step B: the one in the URL (so a refresh stays on it) when valid, else the first
 * one not answered yet, else the last.
 */
export function questionIndex(
  requested: string | null,
  questionIds: readonly number[],
  answers: Readonly<Record<string, number>>,
): number {
  const asked = requested === null ? NaN : Number(requested) - 1;
  if (Number.isInteger(asked) && asked >= 0 && asked < questionIds.length) return asked;
  const open = questionIds.findIndex((id) => answers[String(id)] === undefined);
  return open === -1 ? Math.max(0, questionIds.length - 1) : open;
}
