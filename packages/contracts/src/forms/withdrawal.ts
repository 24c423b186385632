import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { CAREER_CARD_MESSAGES } from '../messages/career-card';
import { hasControlCharacters } from './fields';

/** The reasons offered on the withdrawal screen. */
export const WITHDRAWAL_REASONS = [
  { code: 'NO_PROGRAM', name: '참여하고 싶은 프로그램이 없어요' },
  { code: 'LOW_USE', name: '이용 빈도가 낮아요' },
  { code: 'NEW_ACCOUNT', name: '다른 계정으로 다시 가입할 거예요' },
  { code: 'PRIVACY', name: '개인정보가 걱정돼요' },
  { code: 'OTHER', name: '기타' },
] as const;
const REASON_CODES = WITHDRAWAL_REASONS.map((r) => r.code) as string[];

/** Withdrawal (POST /api/setWithdrawal/{id}): one of the offered reasons and the confirmation that the notice was read. */
export const withdrawalSchema = z.object(
  {
    reasonCode: z.string({ error: ACCOUNT_MESSAGES.withdrawalReasonRequired }).check(
      z.trim(),
      z.refine((code) => REASON_CODES.includes(code), ACCOUNT_MESSAGES.withdrawalReasonRequired),
    ),
    reasonText: z.optional(
      z.string({ error: ACCOUNT_MESSAGES.withdrawalReasonTextLength }).check(
        z.trim(),
        z.maxLength(500, ACCOUNT_MESSAGES.withdrawalReasonTextLength),
        z.refine((text) => !hasControlCharacters(text), CAREER_CARD_MESSAGES.textInvalidCharacters),
      ),
    ),
    agreed: z.literal(true, { error: ACCOUNT_MESSAGES.withdrawalConsentRequired }),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type WithdrawalForm = z.infer<typeof withdrawalSchema>;
