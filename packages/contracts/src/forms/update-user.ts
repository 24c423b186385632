import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { careerYears, contactEmail, email, jobGroup, nickname, phone, position, userName } from './fields';

/**
 * Edit my details (POST /api/updateUser, /mypage/info): every field optional, each checked by the sign-up
 * rule when sent. The account e-mail and career card ID do not change here. The Notion and Slack e-mails
 * (where the team's workspace invitations go) take an empty string to clear; their check flags
 * (notionEmailCheckYn, slackEmailCheckYn) are Y once an address is on file.
 */
const optionalEmail = z.union([z.literal(''), email], { error: MESSAGES.emailFormat });
export const updateUserSchema = z.object({
  username: z.optional(userName),
  notionEmail: z.optional(optionalEmail),
  slackEmail: z.optional(optionalEmail),
  contactEmail: z.optional(contactEmail),
  useralias: z.optional(nickname),
  userphone: z.optional(phone),
  jobGroup: z.optional(jobGroup),
  position: z.optional(z.nullable(position)),
  careerYears: z.optional(careerYears),
  marketingAgreed: z.optional(z.boolean({ error: MESSAGES.badRequest })),
}, { error: MESSAGES.badRequest });
export type UpdateUserForm = z.infer<typeof updateUserSchema>;
