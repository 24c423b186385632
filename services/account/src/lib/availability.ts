import { MESSAGES } from '@sq/contracts';
import { conflict } from '@sq/service-kit';
import type { Availability } from '../repositories/availability';

const REGISTERED_WITH = {
  GOOGLE: MESSAGES.registeredWithGoogle,
  KAKAO: MESSAGES.registeredWithKakao,
  NAVER: MESSAGES.registeredWithNaver,
} as const;

/** The duplicate message for an account e-mail: e-mail accounts and each social provider say it their way. */
export function emailTakenMessage(vendor: 'EMAIL' | 'GOOGLE' | 'KAKAO' | 'NAVER'): string {
  return vendor === 'EMAIL' ? MESSAGES.accountDuplicate : REGISTERED_WITH[vendor];
}

/** Every duplicate among the sign-up's unique fields, as a 409 naming each field (the first as `message`). */
export async function assertSignUpAvailable(
  availability: Availability,
  input: { email: string; contactEmail: string; useralias: string; careerCardId: string },
): Promise<void> {
  const fields: Record<string, string> = {};
  const owner = await availability.emailOwner(input.email);
  if (owner) fields.email = emailTakenMessage(owner);
  if (await availability.contactEmailTaken(input.contactEmail)) fields.contactEmail = MESSAGES.contactEmailDuplicate;
  if (await availability.nicknameTaken(input.useralias)) fields.useralias = MESSAGES.nicknameDuplicate;
  if (await availability.careerCardIdTaken(input.careerCardId)) fields.careerCardId = MESSAGES.careerCardIdDuplicate;
  const first = Object.values(fields)[0];
  if (first) throw conflict(first, fields);
}

/** A unique-constraint violation (two sign-ups racing) as the same 409 the pre-check would have given. */
export function uniqueViolationToConflict(error: unknown): unknown {
  const pg = error as { code?: string; constraint?: string };
  if (pg.code !== '23505') return error;
  const constraint = pg.constraint ?? '';
  if (constraint.includes('contact_email'))
    return conflict(MESSAGES.contactEmailDuplicate, { contactEmail: MESSAGES.contactEmailDuplicate });
  if (constraint.includes('email')) return conflict(MESSAGES.accountDuplicate, { email: MESSAGES.accountDuplicate });
  if (constraint.includes('alias'))
    return conflict(MESSAGES.nicknameDuplicate, { useralias: MESSAGES.nicknameDuplicate });
  if (constraint.includes('profile_id'))
    return conflict(MESSAGES.careerCardIdDuplicate, { careerCardId: MESSAGES.careerCardIdDuplicate });
  if (constraint.includes('social_identity')) return conflict(MESSAGES.accountDuplicate);
  return conflict(MESSAGES.accountDuplicate);
}
