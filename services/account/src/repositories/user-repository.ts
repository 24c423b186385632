import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { SignedInUser } from '@sq/contracts';

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

export function createUserRepository(knex: Knex) {
  return {
    /** Active (not withdrawn) account by sign-in e-mail. */
    findActiveByEmail: (email: string) =>
      knex<UserRow>('user_account').whereRaw('lower(email) = ?', [email.toLowerCase()]).whereNull('withdrawn_at').first(),
    findById: (userId: number) => knex<UserRow>('user_account').where({ user_id: userId }).first(),
    findActiveById: (userId: number) => knex<UserRow>('user_account').where({ user_id: userId }).whereNull('withdrawn_at').first(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    userRepository: ReturnType<typeof createUserRepository>;
  }
}

export default fp(async (app) => {
  app.decorate('userRepository', createUserRepository(app.knex));
}, { name: 'user-repository', dependencies: ['knex'] });
