import { IMAGE_UPLOAD } from '@sq/contracts/uploads';
import { UPLOAD_MESSAGES } from '@sq/contracts/messages/uploads';

/**
 * The onboarding after sign-up (/signup/onboarding/{step}): additional profile info in steps (1 image, 2 intro,
 * 3 job and years), saved together by POST /api/user/detail at the end, then the completion page. The image is
 * uploaded as soon as it is chosen (POST /api/fileUpload); the answers keep only its id and URL.
 */
export const ONBOARDING_STEPS = ['1', '2', '3'] as const;
/** What each step asks for. */
export const ONBOARDING_STEP_OF = { image: '1', intro: '2', codes: '3' } as const;
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
  /** The uploaded image (POST /api/fileUpload), '' for none. */
  imgId: string;
  imgUrl: string;
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

/** The body of POST /api/user/detail (an empty intro and a missing image are left out). */
export function toUserDetailBody(values: OnboardingValues) {
  return {
    ...(values.imgId ? { imgId: values.imgId } : {}),
    ...(values.intro.trim() ? { intro: values.intro } : {}),
    jobCode: values.jobCode,
    yearCode: values.yearCode,
  };
}

/** The Korean reason a chosen file cannot be uploaded, judged before sending (the service checks its bytes). */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.uploadTypeInvalid;
  if (file.size > IMAGE_UPLOAD.maxBytes) return UPLOAD_MESSAGES.uploadTooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.uploadFileRequired;
  return null;
}

/** What the completion page shows about the sign-up credit. */
export interface OnboardingResult {
  pointGranted: boolean;
  pointBalance: number;
}
