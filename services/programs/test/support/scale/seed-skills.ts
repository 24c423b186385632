import type { Knex } from 'knex';
import { bulkLoad } from './bulk-load';

/** Share of members who took the IT skill check-up (the others have no level). */
const CHECKED_PERCENT = 60;

/**
 * Completed check-up results in the itskill service's schema, in SQL: CHECKED_PERCENT of members 1..count have
 * one, in the season the service's migrations open, with a total score 0..100 spread by a hash and its level as
 * the service scores it (1 + score / 20, at most 5). The member's latest result is every application's level (the
 * programs generator copies it with skillSql).
 */
/** SQL of member `i`'s check-up (an integer expression): whether they took it, their score and its level. */
export const skillSql = (i: string) => {
  const score = `((hashint4(${i} + 7) & 2147483647) % 101)`;
  return {
    checked: `(hashint4(${i} + 3) & 2147483647) % 100 < ${CHECKED_PERCENT}`,
    score,
    level: `least(5, 1 + ${score} / 20)`,
  };
};

export async function seedSkills(knex: Knex, count: number): Promise<void> {
  const skill = skillSql('i');
  const [{ survey_id: surveyId }] = await knex('survey').where({ status: 'OPEN' }).select('survey_id');
  await bulkLoad(knex, ['checkup_result'], (load) =>
    load.split(count, (trx, from, to) =>
      trx.raw(`
      insert into checkup_result (survey_id, user_id, job_group_code, year_code, status, total_score, level, started_at, completed_at)
      select ${Number(surveyId)}, i, (array['JG_PLAN','JG_DESIGN','JG_DEV'])[1 + i % 3], 'CY_1_3Y', 'COMPLETED', ${skill.score}, ${skill.level},
        now() - interval '100 days', now() - interval '100 days' + interval '20 minutes'
      from generate_series(${from} + 1, ${to}) as i
      where ${skill.checked}`),
    ),
  );
}
