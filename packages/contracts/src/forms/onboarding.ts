import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { careerYears, jobGroup } from './fields';

/** Onboarding additional info (POST /api/user/detail): image id, intro, job and career-years codes. */
export const onboardingSchema = z.object({
  imgId: z.optional(z.nullable(z.number({ error: MESSAGES.imageInvalid }).check(z.int(MESSAGES.imageInvalid), z.positive(MESSAGES.imageInvalid), z.maximum(2_147_483_647, MESSAGES.imageInvalid)))),
  intro: z.optional(z.string({ error: MESSAGES.introLength }).check(z.trim(), z.maxLength(1000, MESSAGES.introLength))),
  jobCode: jobGroup,
  yearCode: careerYears,
}, { error: MESSAGES.badRequest });
export type OnboardingForm = z.infer<typeof onboardingSchema>;
