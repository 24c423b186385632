import type { Knex } from 'knex';

/**
 * The operators' applicant list and board search and filter by who the applicants are, which other services own:
 * names, nicknames and career card IDs (account) and IT skill check-up results (itskill). Asking those services for
 * a whole cohort on every search took 375 ms at the p95 of the data-at-scale bench; each application now holds a
 * copy (OPERATORS.md, "Who the applicants are"), so the list is one query over the cohort's rows:
 *  - member_name, member_nickname, member_career_card_id: the member's names as the account service has them
 *    (null: not copied yet, unknown to the account, or erased at withdrawal), and member_search: the three in lower
 *    case, one a line, what a search matches a part of (lower() on every row of a cohort cost 4 times the search);
 *  - skill_level (1..5), skill_score (0..100): the check-up result itskill rules the application's (the result
 *    attached to it, else the member's latest; null: none);
 *  - people_version: bumped when the member's names or check-up change (the account's and itskill's signals);
 *    names_version and skill_version: the people_version each copy was taken at. A copy is due while it is behind,
 *    so every existing application is due once (the `applicant-copy` job takes them, a batch at a time).
 * And where each cohort's board seats an application, as rows (`team_board_seat`: join id, cohort, team key or null
 * for the waitlist), which the board's writes keep with its document (repositories/board-repository.ts save): the
 * list filters and shows placement by a key lookup instead of unpacking a 5,000-member board's JSON on every page
 * (10 ms of each of that cohort's list pages). Existing boards' seats are written here.
 * Indexes (built CONCURRENTLY, outside a transaction, so a large table keeps taking applications):
 *  - application_names_due, application_skill_due: the due copies, which the job finds without reading the table
 *    (apart, so a peer that does not answer holds up only its own copies);
 *  - application_cohort_list: a cohort's applications in list order (submission, then join id) with the columns the
 *    list filters on most, so a page, a count and a search by name read the index alone (index-only scan);
 *  - application_cohort_friend_requests: the same for the applications that asked for friends (a tenth of them),
 *    so the friend requests' filters (friends=true, friendStatus other than NONE) read only those.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table application
      add column if not exists member_name text,
      add column if not exists member_nickname text,
      add column if not exists member_career_card_id text,
      add column if not exists member_search text,
      add column if not exists skill_level smallint,
      add column if not exists skill_score smallint,
      add column if not exists people_version integer not null default 1,
      add column if not exists names_version integer not null default 0,
      add column if not exists skill_version integer not null default 0`);
  await knex.raw(`
    create table if not exists team_board_seat (
      join_id integer primary key references application (join_id),
      odd_id integer not null references team_board (odd_id),
      team_key text
    )`);
  await knex.raw('create index if not exists team_board_seat_cohort on team_board_seat (odd_id, team_key)');
  // A team wins over the waitlist, the last team that lists a member over an earlier one (as the board shows them).
  await knex.raw(`
    insert into team_board_seat (join_id, odd_id, team_key)
    select distinct on (join_id) join_id, odd_id, team_key from (
      select w.id::int as join_id, b.odd_id, null::text as team_key, 0 as n
      from team_board b cross join lateral jsonb_array_elements_text(b.waitlist) as w(id)
      union all
      select m.id::int, b.odd_id, t.key, t.n
      from team_board b cross join lateral jsonb_each(b.teams) with ordinality as t(key, members, n) cross join lateral jsonb_array_elements_text(t.members) as m(id)
    ) as seats
    where join_id in (select join_id from application)
    order by join_id, n desc
    on conflict (join_id) do nothing`);
  // Planned by what it holds from the start (an unanalysed table looks empty: lookups row by row into the board's cohort).
  await knex.raw('analyze team_board_seat');
  await knex.raw(`create index concurrently if not exists application_names_due on application (join_id)
    where names_version < people_version and personal_data_erased_at is null`);
  await knex.raw(`create index concurrently if not exists application_skill_due on application (join_id)
    where skill_version < people_version and personal_data_erased_at is null`);
  await knex.raw(`create index concurrently if not exists application_cohort_list on application (odd_id, submitted_at, join_id)
    include (status, role, skill_level, member_search)`);
  await knex.raw(`create index concurrently if not exists application_cohort_friend_requests on application (odd_id, submitted_at, join_id)
    include (status, role) where jsonb_array_length(coalesce(answers->'aside'->'friendCareerCardIds', '[]'::jsonb)) > 0`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists team_board_seat');
  await knex.raw('drop index concurrently if exists application_cohort_friend_requests');
  await knex.raw('drop index concurrently if exists application_cohort_list');
  await knex.raw('drop index concurrently if exists application_skill_due');
  await knex.raw('drop index concurrently if exists application_names_due');
  await knex.raw(`
    alter table application
      drop column if exists member_name, drop column if exists member_nickname, drop column if exists member_career_card_id, drop column if exists member_search,
      drop column if exists skill_level, drop column if exists skill_score,
      drop column if exists people_version, drop column if exists names_version, drop column if exists skill_version`);
}
