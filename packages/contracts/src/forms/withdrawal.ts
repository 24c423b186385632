import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
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
export const withdrawalSchema = z.object({
  reasonCode: z.string({ error: MESSAGES.withdrawalReasonRequired }).check(z.trim(), z.refine((code) => REASON_CODES.includes(code), MESSAGES.withdrawalReasonRequired)),
  reasonText: z.optional(z.string({ error: MESSAGES.withdrawalReasonTextLength }).check(
    z.trim(),
    z.maxLength(500, MESSAGES.withdrawalReasonTextLength),
    z.refine((text) => !hasControlCharacters(text), MESSAGES.textInvalidCharacters),
  )),
  agreed: z.literal(true, { error: MESSAGES.withdrawalConsentRequired }),
}, { error: MESSAGES.badRequest });
export type WithdrawalForm = z.infer<typeof withdrawalSchema>;
