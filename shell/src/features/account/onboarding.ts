/**
 * The onboarding after sign-up (/signup/onboarding/{step}): additional profile info in steps, saved together
 * by POST /api/user/detail at the end, then the completion page. The image step waits for the career card's
 * upload endpoint (POST /api/fileUpload), which no service offers yet.
 */
export const ONBOARDING_STEPS = ['1', '2'] as const;
export const ONBOARDING_DONE = 'done';
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function isOnboardingStep(step: string | undefined): step is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(step ?? '');
}

export function onboardingPath(step: OnboardingStep | typeof ONBOARDING_DONE): string {
  return `/signup/onboarding/${step}`;
}

export function nextOnboardingStep(step: OnboardingStep): OnboardingStep | null {
  const index = ONBOARDING_STEPS.indexOf(step);
  return ONBOARDING_STEPS[index + 1] ?? null;
}

export interface OnboardingValues {
  [field: string]: string;
  intro: string;
  jobCode: string;
  yearCode: string;
}

const DRAFT_KEY = 'sq.onboarding';

/** The answers so far, kept for a reload or a step back. */
export function readOnboardingDraft(): Partial<OnboardingValues> {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as Partial<OnboardingValues>) : {};
  } catch {
    return {};
  }
}
export function saveOnboardingDraft(values: OnboardingValues): void {
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
}
export function clearOnboardingDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY);
}

/** The body of POST /api/user/detail (an empty intro is left out). */
export function toUserDetailBody(values: OnboardingValues) {
  return { ...(values.intro.trim() ? { intro: values.intro } : {}), jobCode: values.jobCode, yearCode: values.yearCode };
}

/** What the completion page shows about the sign-up credit. */
export interface OnboardingResult {
  pointGranted: boolean;
  pointBalance: number;
}
