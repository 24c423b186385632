import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { careerYears, contactEmail, jobGroup, nickname, phone, position } from './fields';

/**
 * Edit my details (POST /api/updateUser): every field optional, each checked by the sign-up rule when sent.
 * The account e-mail, name and career card ID do not change here.
 */
export const updateUserSchema = z.object({
  contactEmail: z.optional(contactEmail),
  useralias: z.optional(nickname),
  userphone: z.optional(phone),
  jobGroup: z.optional(jobGroup),
  position: z.optional(z.nullable(position)),
  careerYears: z.optional(careerYears),
  marketingAgreed: z.optional(z.boolean({ error: MESSAGES.badRequest })),
}, { error: MESSAGES.badRequest });
export type UpdateUserForm = z.infer<typeof updateUserSchema>;
