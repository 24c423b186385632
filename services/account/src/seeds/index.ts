import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';
import { DEMO_APPLICANTS } from '@sq/contracts/demo-applicants';
import { hashPassword } from '../passwords';

/** Demo accounts named in README.md; passwords follow the sign-up rules. */
export const DEMO_ACCOUNTS = {
  member: { email: 'member@example.com', password: 'sidequest1!' },
  admin: { email: 'admin@example.com', password: 'operator1!' },
} as const;

export async function seed(knex: Knex): Promise<void> {
  if ((await countRows(knex('user_account'))) > 0) return;
  await knex('user_account').insert([
    {
      email: DEMO_ACCOUNTS.member.email,
      contact_email: 'minji.kim@example.com',
      password_hash: await hashPassword(DEMO_ACCOUNTS.member.password),
      user_name: '김민지',
      user_alias: '민지',
      user_phone: '010-1234-5678',
      job_group: '기획',
      position: '서비스 기획',
      career_years: '3년 이상 5년 미만',
      profile_id: 'minji',
      user_role: 'ROLE_USER',
      user_step: 'DONE',
    },
    {
      email: DEMO_ACCOUNTS.admin.email,
      contact_email: 'ops@example.com',
      password_hash: await hashPassword(DEMO_ACCOUNTS.admin.password),
      user_name: '운영자',
      user_alias: '운영팀',
      user_phone: '010-9876-5432',
      job_group: '기획',
      position: 'PM',
      career_years: '5년 이상',
      profile_id: 'operator1',
      user_role: 'ROLE_ADMIN',
      user_step: 'DONE',
    },
  ]);
  await seedDemoApplicants(knex);
}

/**
 * The demo applicants' accounts (`@sq/contracts/demo-applicants`: the programs service's demo applications are
 * theirs), under the user ids those applications carry. No password: nobody signs in as them. The id sequence
 * then moves past them, so no sign-up can ever take a demo applicant's id.
 */
async function seedDemoApplicants(knex: Knex): Promise<void> {
  await knex('user_account').insert(
    DEMO_APPLICANTS.map((a) => ({
      user_id: a.userId,
      email: a.email,
      contact_email: a.email,
      password_hash: null,
      user_name: a.name,
      user_alias: a.alias,
      user_phone: a.phone,
      job_group: a.jobGroupName,
      position: a.positionName,
      career_years: a.careerYearsName,
      profile_id: a.careerCardId,
      user_role: 'ROLE_USER',
      user_step: 'DONE',
    })),
  );
  await knex.raw(
    `select setval(pg_get_serial_sequence('user_account', 'user_id'), (select max(user_id) from user_account))`,
  );
}
