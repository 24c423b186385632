import type { Knex } from 'knex';
import { sha256 } from '../lib/secrets';

/** How a retired nickname or career card ID is kept: hashed, so the table never holds the value itself. */
export const retiredHash = (value: string) => sha256(value.trim().toLowerCase());

/** Which sign-in e-mails, contact e-mails, nicknames and career card IDs are taken (retired ones included). */
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
      return Boolean(
        await knex('retired_identifier')
          .where({ kind: 'NICKNAME', value_hash: retiredHash(alias) })
          .first('kind'),
      );
    },
    async careerCardIdTaken(profileId: string): Promise<boolean> {
      if (await knex('user_account').whereRaw('lower(profile_id) = lower(?)', [profileId]).first('user_id'))
        return true;
      return Boolean(
        await knex('retired_identifier')
          .where({ kind: 'CAREER_CARD_ID', value_hash: retiredHash(profileId) })
          .first('kind'),
      );
    },
  };
}

export type Availability = ReturnType<typeof createAvailability>;
