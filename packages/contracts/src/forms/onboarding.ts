import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { careerYears, jobGroup } from './fields';
import { intro } from './career-card';

/** Onboarding additional info (POST /api/user/detail): uploaded image id, intro, job and career-years codes. */
export const onboardingSchema = z.object({
  // The id POST /api/fileUpload answered (a UUID); careercard attaches it only to the uploader's own card.
  imgId: z.optional(z.nullable(z.uuid({ error: MESSAGES.imageInvalid }))),
  intro: z.optional(intro),
  jobCode: jobGroup,
  yearCode: careerYears,
}, { error: MESSAGES.badRequest });
export type OnboardingForm = z.infer<typeof onboardingSchema>;
