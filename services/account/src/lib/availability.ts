import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { conflict } from '@sq/service-kit';
import { sha256 } from './secrets';

const REGISTERED_WITH = {
  GOOGLE: MESSAGES.registeredWithGoogle,
  KAKAO: MESSAGES.registeredWithKakao,
  NAVER: MESSAGES.registeredWithNaver,
} as const;

/** The duplicate message for an account e-mail: e-mail accounts and each social provider say it their way. */
export function emailTakenMessage(vendor: 'EMAIL' | 'GOOGLE' | 'KAKAO' | 'NAVER'): string {
  return vendor === 'EMAIL' ? MESSAGES.accountDuplicate : REGISTERED_WITH[vendor];
}

export const retiredHash = (value: string) => sha256(value.trim().toLowerCase());

export function createAvailability(knex: Knex) {
  return {
    /** The vendor of the account using this sign-in e-mail, or null when free. */
    async emailOwner(email: string): Promise<'EMAIL' | 'GOOGLE' | 'KAKAO' | 'NAVER' | null> {
      const row = await knex('user_account').whereRaw('lower(email) = lower(?)', [email]).first('vendor');
      return row?.vendor ?? null;
    },
    async contactEmailTaken(contactEmail: string, exceptUserId?: number): Promise<boolean> {
      const query = knex('user_account').whereRaw('lower(contact_email) = lower(?)', [contactEmail]);
      if (exceptUserId) query.whereNot({ user_id: exceptUserId });
      return Boolean(await query.first('user_id'));
    },
    async nicknameTaken(alias: string, exceptUserId?: number): Promise<boolean> {
      const query = knex('user_account').whereRaw('lower(user_alias) = lower(?)', [alias]);
      if (exceptUserId) query.whereNot({ user_id: exceptUserId });
      if (await query.first('user_id')) return true;
      return Boolean(await knex('retired_identifier').where({ kind: 'NICKNAME', value_hash: retiredHash(alias) }).first('kind'));
    },
    async careerCardIdTaken(profileId: string): Promise<boolean> {
      if (await knex('user_account').whereRaw('lower(profile_id) = lower(?)', [profileId]).first('user_id')) return true;
      return Boolean(await knex('retired_identifier').where({ kind: 'CAREER_CARD_ID', value_hash: retiredHash(profileId) }).first('kind'));
    },
  };
}

export type Availability = ReturnType<typeof createAvailability>;

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
  if (constraint.includes('contact_email')) return conflict(MESSAGES.contactEmailDuplicate, { contactEmail: MESSAGES.contactEmailDuplicate });
  if (constraint.includes('email')) return conflict(MESSAGES.accountDuplicate, { email: MESSAGES.accountDuplicate });
  if (constraint.includes('alias')) return conflict(MESSAGES.nicknameDuplicate, { useralias: MESSAGES.nicknameDuplicate });
  if (constraint.includes('profile_id')) return conflict(MESSAGES.careerCardIdDuplicate, { careerCardId: MESSAGES.careerCardIdDuplicate });
  if (constraint.includes('social_identity')) return conflict(MESSAGES.accountDuplicate);
  return conflict(MESSAGES.accountDuplicate);
}
