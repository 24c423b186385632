import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { SignedInUser } from '@sq/contracts';
import { armOutbox } from '@sq/service-kit';

export interface UserRow {
  user_id: number;
  email: string;
  contact_email: string;
  password_hash: string | null;
  user_name: string;
  user_alias: string;
  user_phone: string;
  job_group: string | null;
  position: string | null;
  career_years: string | null;
  job_code: string | null;
  year_code: string | null;
  profile_id: string | null;
  user_role: SignedInUser['userRole'];
  vendor: SignedInUser['vendor'];
  user_step: string | null;
  user_level: number;
  notion_email: string | null;
  slack_email: string | null;
  /** An upload of the careercard service (UUID). */
  img_id: string | null;
  intro: string | null;
  marketing_consent: boolean;
  reg_date: Date;
  withdrawn_at: Date | null;
}

export function toSignedInUser(row: UserRow, token: string): SignedInUser {
  return {
    email: row.email,
    userId: row.user_id,
    contactEmail: row.contact_email,
    notionEmail: row.notion_email,
    slackEmail: row.slack_email,
    slackEmailCheckYn: row.slack_email ? 'Y' : 'N',
    notionEmailCheckYn: row.notion_email ? 'Y' : 'N',
    profileId: row.profile_id,
    userRole: row.user_role,
    token,
    userAlias: row.user_alias,
    userName: row.user_name,
    userLevel: row.user_level,
    userPhone: row.user_phone,
    userJobGroup: row.job_group,
    userStep: row.user_step,
    vendor: row.vendor,
    regDate: row.reg_date.toISOString(),
    joinId: null,
    authenticated: true,
    marketingAgreed: row.marketing_consent,
  };
}

/** The columns a sign-up fills from what the member typed. */
export type NewAccountRow = Pick<
  UserRow,
  | 'email'
  | 'contact_email'
  | 'password_hash'
  | 'user_name'
  | 'user_alias'
  | 'user_phone'
  | 'profile_id'
  | 'job_code'
  | 'year_code'
  | 'vendor'
  | 'marketing_consent'
>;

/** The names the career card service gives the member's codes. */
export interface CareerCodeNames {
  jobGroupName: string | null;
  positionName: string | null;
  yearCodeName: string | null;
}

export function createUserRepository(knex: Knex) {
  return {
    /** Active (not withdrawn) account by sign-in e-mail. */
    findActiveByEmail: (email: string) =>
      knex<UserRow>('user_account')
        .whereRaw('lower(email) = ?', [email.toLowerCase()])
        .whereNull('withdrawn_at')
        .first(),
    findById: (userId: number) => knex<UserRow>('user_account').where({ user_id: userId }).first(),
    findActiveById: (userId: number) =>
      knex<UserRow>('user_account').where({ user_id: userId }).whereNull('withdrawn_at').first(),
    /** Active members among `userIds` with their receiving e-mail (withdrawn members left out). */
    activeContacts: (userIds: number[]) =>
      knex('user_account')
        .whereIn('user_id', userIds)
        .whereNull('withdrawn_at')
        .orderBy('user_id')
        .select('user_id', 'contact_email', 'user_name'),
    /** Names, nicknames and career card IDs of the active members among `userIds`. */
    activeNames: (userIds: number[]) =>
      knex('user_account')
        .whereIn('user_id', userIds)
        .whereNull('withdrawn_at')
        .select('user_id', 'user_name', 'user_alias', 'profile_id'),
    /**
     * A change of the member's details. A new name or nickname also arms the programs service's outbox (migration
     * 012) in the same transaction: its applicant copies are taken again (`app.peopleChangeOutbox` delivers it).
     */
    update: (userId: number, changes: Partial<UserRow>) =>
      knex.transaction(async (trx) => {
        await trx('user_account').where({ user_id: userId }).update(changes);
        if (changes.user_name !== undefined || changes.user_alias !== undefined)
          await armOutbox(trx, 'programs_people_change', userId);
      }),
    /**
     * A new account in a transaction that stays open while `during` runs (the social identity, the career card):
     * the row's unique entries hold off a concurrent sign-up with the same e-mail, nickname or career card ID until
     * it ends. The career card's code names are stored before the commit; anything thrown rolls it all back.
     */
    signUp: (row: NewAccountRow, during: (trx: Knex.Transaction, user: UserRow) => Promise<CareerCodeNames>) =>
      knex.transaction(async (trx) => {
        const [inserted] = await trx<UserRow>('user_account')
          .insert({
            ...row,
            user_step: 'REQUIRED_DONE',
            terms_agreed: true,
            privacy_agreed: true,
            consented_at: trx.fn.now(),
          } as never)
          .returning('*');
        const names = await during(trx, inserted as UserRow);
        const [stored] = await trx<UserRow>('user_account')
          .where({ user_id: (inserted as UserRow).user_id })
          .update({
            job_group: names.jobGroupName,
            position: names.positionName,
            career_years: names.yearCodeName,
          } as never)
          .returning('*');
        return stored as UserRow;
      }),
    /** The new password; every other session of the member ends (`keepSid`: the one that asked). */
    changePassword: (userId: number, passwordHash: string, keepSid: string) =>
      knex.transaction(async (trx) => {
        await trx('user_account')
          .where({ user_id: userId })
          .update({ password_hash: passwordHash, password_changed_at: trx.fn.now() });
        await trx('session')
          .where({ user_id: userId })
          .whereNull('revoked_at')
          .whereNot({ sid: keepSid })
          .update({ revoked_at: trx.fn.now() });
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    userRepository: ReturnType<typeof createUserRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('userRepository', createUserRepository(app.knex));
  },
  { name: 'user-repository', dependencies: ['knex'] },
);
