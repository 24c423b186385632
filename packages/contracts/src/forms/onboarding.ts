import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { careerYears, jobGroup } from './fields';
import { intro } from './career-card';

/** Onboarding additional info (POST /api/user/detail): uploaded image id, intro, job and career-years codes. */
export const onboardingSchema = z.object(
  {
    // The id POST /api/fileUpload answered (a UUID); careercard attaches it only to the uploader's own card.
    imgId: z.optional(z.nullable(z.uuid({ error: ACCOUNT_MESSAGES.imageInvalid }))),
    intro: z.optional(intro),
    jobCode: jobGroup,
    yearCode: careerYears,
  },
  { error: CORE_MESSAGES.badRequest },
);
export type OnboardingForm = z.infer<typeof onboardingSchema>;
