import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { careerYears, contactEmail, email, jobGroup, nickname, phone, position, userName } from './fields';

/**
 * Edit my details (POST /api/updateUser, /mypage/info): every field optional, each checked by the sign-up
 * rule when sent. The account e-mail and career card ID do not change here. The Notion and Slack e-mails
 * (where the team's workspace invitations go) take an empty string to clear; their check flags
 * (notionEmailCheckYn, slackEmailCheckYn) are Y once an address is on file.
 */
const optionalEmail = z.union([z.literal(''), email], { error: ACCOUNT_MESSAGES.emailFormat });
export const updateUserSchema = z.object(
  {
    username: z.optional(userName),
    notionEmail: z.optional(optionalEmail),
    slackEmail: z.optional(optionalEmail),
    contactEmail: z.optional(contactEmail),
    useralias: z.optional(nickname),
    userphone: z.optional(phone),
    jobGroup: z.optional(jobGroup),
    position: z.optional(z.nullable(position)),
    careerYears: z.optional(careerYears),
    marketingAgreed: z.optional(z.boolean({ error: CORE_MESSAGES.badRequest })),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type UpdateUserForm = z.infer<typeof updateUserSchema>;
