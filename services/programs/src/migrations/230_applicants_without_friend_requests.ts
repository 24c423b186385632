import type { Knex } from 'knex';

/**
 * The applicant list's "no friend requests" filters (friendStatus=NONE, friends=false) read a cohort's applications
 * that asked for no friends, nine in ten of them. application_cohort_friend_requests (migration 201) holds only
 * those that asked, so the planner took either the cohort's rows by state and role (application_cohort_status_role)
 * and read each one's answers in the table, or the whole cohort in list order and the same answers: which one
 * depended on the statistics sample, and at 1,000,000 members / 5,000,000 applications the first read 3,199 to
 * 3,247 buffers for one page where the second read 1,379.
 *  - application_cohort_no_friend_requests: the other side of application_cohort_friend_requests, in list order
 *    (submission, then join id) with the columns the list filters on besides the name search (state, role, IT skill
 *    level), so those filters' page and count read this index alone (index-only scan) and never the answers.
 * Its predicate is repositories/applicant-list-repository.ts's NO_REQUESTS, word for word (the planner uses a
 * partial index only for a query that states its predicate). Built CONCURRENTLY (outside a transaction) so a large
 * table keeps taking applications.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index concurrently if not exists application_cohort_no_friend_requests on application (odd_id, submitted_at, join_id)
    include (status, role, skill_level) where not jsonb_array_length(coalesce(answers->'aside'->'friendCareerCardIds', '[]'::jsonb)) > 0`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index concurrently if exists application_cohort_no_friend_requests');
}
