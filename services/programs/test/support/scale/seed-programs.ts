import type { Knex } from 'knex';
import { JUDGING_RUBRIC } from '../../../src/operators/sprint-rules';
import { bulkLoad, type Loader } from './bulk-load';
import { memberSql } from './seed-members';
import { skillSql } from './seed-skills';

export interface ScaleSizes {
  members: number;
  applications: number;
  cohorts: number;
  /**
   * Applicants of the one cohort in team building whose board the operator loads, and of the one running sprint whose
   * published teams the team pages (health, judging) show.
   */
  boardApplicants: number;
  auditEntries: number;
}

/** The bench's cohort in team building: its oddId is the last one. */
export const boardCohortOf = (sizes: ScaleSizes) => sizes.cohorts;
/** The bench's running sprint with published teams: the one before. */
export const teamsCohortOf = (sizes: ScaleSizes) => sizes.cohorts - 1;
/** Members per published team of the running sprint (the sprint's largest team is 4). */
const TEAM_SIZE = 4;
/** One team in this many of the running sprint was stopped by the operators (team health and judging leave it out). */
const STOPPED_EVERY = 40;

/** Days of history the regular cohorts cover (eight years), and how far ahead the newest one starts. */
const HISTORY_DAYS = 2920;
const NEWEST_START_IN_DAYS = 40;
/** Recruiting opens this many days before the start and closes this many days before it. */
const RECRUIT_OPENS_DAYS_BEFORE = 45;
const RECRUIT_CLOSES_DAYS_BEFORE = 14;
/** Program length in days per product id (bside 14 weeks, potenday 10 days, planx 8 weeks, a review day). */
const LENGTH_DAYS: Record<number, number> = { 1: 98, 2: 10, 3: 56, 4: 0 };

/**
 * A multiplier coprime with the member count: application n belongs to member 1 + (n * k mod members), so any
 * `members` consecutive applications have distinct members (one live application per member and cohort) and
 * every member has about applications / members of them, spread over the years.
 */
export function memberStride(members: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 7_919;
  while (gcd(stride, members) !== 1) stride += 2;
  return stride % members || 1;
}

/** The weights of cohort sizes: 0.25 to 1.75 times the mean, spread by the golden ratio (no two neighbours alike). */
const WEIGHT = (c: string) => `(0.25 + 1.5 * ((${c} * 0.6180339887) - floor(${c} * 0.6180339887)))`;

/**
 * Cohorts, applications (with their copies of who their members are: the names seed-members gives them and the
 * check-up seed-skills gives them), their history, payments, refunds (ledger entitlements and movements), payment
 * events and operators' audit entries in the programs schema, all generated in SQL (generate_series). Products and their
 * refund rules are the service's reference data. Cohorts 1..cohorts-2 run every few days over eight years (the
 * newest still recruit), four products in a fixed mix; cohort `cohorts` is a 14-week team project in team building
 * with `boardApplicants` reserved applications, and cohort `cohorts-1` a 10-day sprint on its sixth day with as many
 * applications, its teams published (teams of TEAM_SIZE, daily check-ins and misses, half the teams' submissions); the
 * ended cohorts have their teams and the ended sprints their misses. The
 * others share the rest of the applications, 0.25 to 1.75 times the mean each. States follow each cohort's phase
 * (past: mostly completed, some cancelled, refunded, dropped; running: assigned or paid; open: drafts, submitted,
 * reserved or paid).
 */
export async function seedPrograms(
  knex: Knex,
  sizes: ScaleSizes,
  log: (line: string) => void = () => {},
): Promise<void> {
  await bulkLoad(knex, PROGRAMS_TABLES, (load) => generatePrograms(knex, load, sizes, log));
}

/** The tables the generator fills. */
const PROGRAMS_TABLES = [
  'cohort',
  'application',
  'application_history',
  'payment',
  'refund_entitlement',
  'refund',
  'payment_event',
  'audit_log',
  'team',
  'team_member',
  'checkin',
  'checkin_miss',
  'team_submission',
];

async function generatePrograms(
  knex: Knex,
  load: Loader,
  sizes: ScaleSizes,
  log: (line: string) => void,
): Promise<void> {
  let mark = performance.now();
  const done = (what: string) => {
    log(`    ${what}: ${((performance.now() - mark) / 1000).toFixed(1)} s`);
    mark = performance.now();
  };
  const { members, applications, cohorts, boardApplicants, auditEntries } = sizes;
  const regular = cohorts - 2;
  const teamsCohort = cohorts - 1;
  const rest = applications - 2 * boardApplicants;
  if (regular < 1 || rest < regular)
    throw new Error(`scale bench: need at least 3 cohorts and ${2 * boardApplicants + regular} applications`);
  if (boardApplicants > members)
    throw new Error('scale bench: the board cohort needs at least as many members as applicants');
  const stride = memberStride(members);
  const spacing = HISTORY_DAYS / regular;
  const member = memberSql('user_id::int');
  const skill = skillSql('user_id::int');

  await knex.raw(`
    insert into cohort (odd_id, product_id, name, recruit_start, recruit_end, team_building_announce_date, kickoff_date, start_date, end_date)
    select c, p, (select name from product where product_id = p) || ' ' || c || '기',
      ((s - ${RECRUIT_OPENS_DAYS_BEFORE})::timestamp + interval '10 hours') at time zone 'Asia/Seoul',
      ((s - ${RECRUIT_CLOSES_DAYS_BEFORE})::timestamp + interval '23 hours 59 minutes') at time zone 'Asia/Seoul',
      case when p in (1, 2) then s - 7 end, case when p = 1 then s - 3 end, s,
      s + (case p ${Object.entries(LENGTH_DAYS)
        .map(([id, days]) => `when ${id} then ${days}`)
        .join(' ')} end)
    from (select c, case when c % 20 < 6 then 1 when c % 20 < 14 then 2 when c % 20 < 17 then 3 else 4 end as p,
            (current_date + ${NEWEST_START_IN_DAYS} - round((${regular} - c) * ${spacing})::int) as s
          from generate_series(1, ${regular}) as c) as planned`);
  // The running sprint: started five days ago (its teams were published before), ends in four days.
  await knex.raw(`
    insert into cohort (odd_id, product_id, name, recruit_start, recruit_end, team_building_announce_date, kickoff_date, start_date, end_date)
    values (${teamsCohort}, 2, '10일 팀 스프린트 진행 중인 기수', now() - interval '35 days', now() - interval '12 days',
      current_date - 8, null, current_date - 5, current_date + 4)`);
  // The board's cohort: recruiting closed yesterday, the teams are announced in five days.
  await knex.raw(`
    insert into cohort (odd_id, product_id, name, recruit_start, recruit_end, team_building_announce_date, kickoff_date, start_date, end_date)
    values (${cohorts}, 1, '14주 팀 프로젝트 팀 빌딩 기수', now() - interval '40 days', now() - interval '1 day',
      current_date + 5, current_date + 7, current_date + 10, current_date + 108)`);
  await knex.raw(`select setval(pg_get_serial_sequence('cohort', 'odd_id'), ${cohorts})`);

  // Which applications (n, 0-based) each cohort gets, and the cohort's phase.
  await knex.raw(`
    create table scale_plan as
    with weighted as (
      select c.odd_id, ${WEIGHT('c.odd_id')} as w, sum(${WEIGHT('c.odd_id')}) over (order by c.odd_id) as upto, sum(${WEIGHT('c.odd_id')}) over () as total
      from cohort c where c.odd_id < ${teamsCohort}
    ), ranges as (
      select odd_id, floor(${rest} * (upto - w) / total)::bigint as first_n, floor(${rest} * upto / total)::bigint as next_n from weighted
      union all select ${teamsCohort}, ${rest}, ${rest + boardApplicants}
      union all select ${cohorts}, ${rest + boardApplicants}, ${applications}
    )
    select r.odd_id, r.first_n, r.next_n - r.first_n as size, c.product_id, p.fee_krw, p.charge_policy, c.recruit_start,
      least(c.recruit_end, now() - interval '1 hour') as last_at,
      case when r.odd_id = ${cohorts} then 'BOARD' when c.end_date < current_date then 'PAST' when c.start_date <= current_date then 'RUNNING' else 'OPEN' end as phase
    from ranges r join cohort c using (odd_id) join product p using (product_id)`);
  const [{ largest }] = (await knex.raw('select max(size) as largest from scale_plan')).rows;
  if (Number(largest) > members)
    throw new Error(`scale bench: a cohort of ${largest} applicants needs at least that many members`);

  await load.split(applications, (trx, from, to) =>
    trx.raw(`
    insert into application (join_id, odd_id, user_id, role, status, answers, current_step, fee_krw, submitted_at, issue_id, issue_attempt,
      billing_key, card_number, reserved_at, friend_user_ids, created_at, updated_at,
      member_name, member_nickname, member_career_card_id, member_search, skill_level, skill_score, people_version, names_version, skill_version)
    select n + 1, odd_id, user_id, role, status, answers, case when status = 'DRAFT' then 'aside' else 'book' end, fee_krw,
      case when status <> 'DRAFT' then created_at + interval '10 minutes' end,
      case when keyed then 'sq-' || (n + 1) || '-issue-1' end, case when keyed then 1 else 0 end,
      case when keyed then 'bk-' || (n + 1) end, case when keyed then '4242-****-****-' || lpad((n % 10000)::text, 4, '0') end,
      case when keyed then created_at + interval '12 minutes' end,
      case when friend is null then '{}'::integer[] else array[friend] end, created_at, created_at + interval '1 day',
      -- The copies of who the member is, as the applicant-copy job takes them (none of a withdrawn member).
      case when not ${member.withdrawn} then ${member.name} end, case when not ${member.withdrawn} then ${member.nickname} end,
      case when not ${member.withdrawn} then ${member.careerCardId} end,
      case when not ${member.withdrawn} then lower(${member.name} || E'\\n' || ${member.nickname} || E'\\n' || ${member.careerCardId}) end,
      case when ${skill.checked} then ${skill.level} end, case when ${skill.checked} then ${skill.score} end, 1, 1, 1
    from (
      select n, odd_id, user_id, role, status, fee_krw, created_at, friend,
        status not in ('DRAFT', 'SUBMITTED') as keyed,
        jsonb_build_object(
          'required', jsonb_build_object('contactEmail', 'c' || user_id || '@example.com', 'phone', '010-5555-' || lpad((user_id % 10000)::text, 4, '0'),
            'jobGroup', case role when 'PLANNER' then 'JG_PLAN' when 'DESIGNER' then 'JG_DESIGN' else 'JG_DEV' end,
            'position', case role when 'PLANNER' then 'POS_PM' when 'DESIGNER' then 'POS_UXUI' else 'POS_BACKEND' end,
            'careerYears', (array['CY_UNDER_6M', 'CY_1_3Y', 'CY_3_5Y', 'CY_5_10Y'])[1 + h2 % 4], 'experienceMonths', 6 + h2 % 120, 'role', role)
        ) || case when status = 'DRAFT' then '{}'::jsonb else jsonb_build_object(
          'aside', jsonb_build_object('wantToBuild', '동네 가게 예약 서비스', 'availableTime', '평일 저녁, 주말 오후',
            'friendCareerCardIds', case when friend is null then '[]'::jsonb else jsonb_build_array('card' || friend) end),
          'product', jsonb_build_object('motivation', '팀으로 출시까지 해 보고 싶어요.')) end as answers
      from (
        select n, odd_id, fee_krw, 1 + (n * ${stride}) % ${members} as user_id,
          recruit_start + (last_at - recruit_start) * ((n - first_n)::float8 / greatest(size, 1)) as created_at,
          case when product_id = 3 then 'PLANNER' when h2 % 4 = 0 then 'PLANNER' when h2 % 4 = 1 then 'DESIGNER' else 'DEVELOPER' end as role,
          case when h2 % 10 = 0 and phase <> 'BOARD' then 1 + ((n + 1) * ${stride}) % ${members} end as friend,
          h2,
          case phase
            when 'BOARD' then 'RESERVED'
            when 'PAST' then case when h < 620 then 'COMPLETED' when h < 740 then 'CANCELLED' when h < 790 then 'AUTO_CANCELLED'
              when h < 870 then 'REFUNDED' when h < 930 then 'PARTIALLY_REFUNDED' else 'DROPPED' end
            when 'RUNNING' then case when charge_policy = 'AT_PURCHASE' then case when h < 880 then 'PAID' when h < 940 then 'CANCELLED' else 'REFUNDED' end
              else case when h < 800 then 'ASSIGNED' when h < 870 then 'CANCELLED' when h < 920 then 'REFUNDED' else 'DROPPED' end end
            else case when h < 120 then 'DRAFT' when h < 300 then 'SUBMITTED' when h < 320 then 'PAYMENT_FAILED'
              when h < 900 then case when charge_policy = 'AT_PURCHASE' then 'PAID' else 'RESERVED' end else 'CANCELLED' end
          end as status
        from (
          select n, p.*, (hashint8(n) & 2147483647) % 1000 as h, (hashint8(n + ${applications}) & 2147483647) as h2
          from scale_plan p cross join lateral generate_series(greatest(p.first_n, ${from}), least(p.first_n + p.size, ${to}) - 1) as n
        ) hashed
      ) chosen
    ) shaped`),
  );
  done('applications');
  await knex.raw(`select setval(pg_get_serial_sequence('application', 'join_id'), ${applications})`);

  // Every state change the application went through: created, submitted, reserved (or paid), then where it is now.
  await load.split(applications, (trx, from, to) =>
    trx.raw(`
    insert into application_history (join_id, from_status, to_status, actor, actor_user_id, reason, created_at)
    select a.join_id, s.from_status, s.to_status, s.actor, case when s.actor = 'MEMBER' then a.user_id end, s.reason, s.at
    from (
      select a.*, case when p.charge_policy = 'AT_PURCHASE' then 'PAID' else 'RESERVED' end as mid,
        a.status in ('RESERVED', 'PAID', 'ASSIGNED', 'COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DROPPED', 'AUTO_CANCELLED') as past_mid
      from application a join cohort c using (odd_id) join product p using (product_id) where a.join_id > ${from} and a.join_id <= ${to}
    ) a
    cross join lateral (values
      (1, null, 'DRAFT', 'MEMBER', null, a.created_at),
      (2, 'DRAFT', case when a.status <> 'DRAFT' then 'SUBMITTED' end, 'MEMBER', null, a.submitted_at),
      (3, 'SUBMITTED', case when a.past_mid then a.mid end, case when a.mid = 'PAID' then 'PG' else 'MEMBER' end, null, a.reserved_at),
      (4, case when a.past_mid then a.mid else 'SUBMITTED' end,
        case when a.status not in ('DRAFT', 'SUBMITTED') and a.status <> a.mid then a.status end,
        case when a.status in ('CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED') then 'MEMBER' else 'SYSTEM' end,
        case when a.status in ('CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED') then '개인 사정' end, a.updated_at)
    ) as s(step, from_status, to_status, actor, reason, at)
    where s.to_status is not null
    order by a.join_id, s.step`),
  );
  done('application history');

  // The charge of every application that was charged; refunded ones have their ledger entitlement and movement.
  await load.split(applications, (trx, from, to) =>
    trx.raw(`
    insert into payment (payment_id, join_id, billing_key, amount_krw, status, pg_tx_id, paid_at, cancelled_krw, failure_reason, created_at, updated_at)
    select 'sq-' || join_id || '-charge', join_id, billing_key, fee_krw,
      case status when 'REFUNDED' then 'CANCELLED' when 'PARTIALLY_REFUNDED' then 'PARTIAL_CANCELLED' when 'PAYMENT_FAILED' then 'FAILED' else 'PAID' end,
      case when status <> 'PAYMENT_FAILED' then 'pg-tx-' || join_id end,
      case when status <> 'PAYMENT_FAILED' then reserved_at + interval '1 minute' end,
      case status when 'REFUNDED' then fee_krw when 'PARTIALLY_REFUNDED' then fee_krw / 2 else 0 end,
      case when status = 'PAYMENT_FAILED' then '잔액이 부족해요.' end, reserved_at, updated_at
    from application where billing_key is not null and status not in ('RESERVED', 'CANCELLED', 'AUTO_CANCELLED') and join_id > ${from} and join_id <= ${to}`),
  );
  await load.split(applications, (trx, from, to) =>
    trx.raw(`
    insert into refund_entitlement (entitlement_id, join_id, payment_id, case_key, refund_case, entitlement_krw, phase, actor, actor_user_id, reason, created_at)
    select a.join_id, a.join_id, p.payment_id, 'INDIVIDUAL', 'INDIVIDUAL', p.cancelled_krw, '시작 전', 'MEMBER', a.user_id, '개인 사정', a.updated_at
    from application a join payment p using (join_id) where p.cancelled_krw > 0 and a.join_id > ${from} and a.join_id <= ${to}`),
  );
  done('payments, entitlements');
  await knex.raw(`select setval(pg_get_serial_sequence('refund_entitlement', 'entitlement_id'), ${applications})`);
  await load.split(applications, (trx, from, to) =>
    trx.raw(`
    insert into refund (payment_id, join_id, refund_case, amount_krw, reason, status, target_status, actor, actor_user_id, pg_cancellation_id, cancelled_at, created_at, entitlement_id)
    select p.payment_id, p.join_id, 'INDIVIDUAL', p.cancelled_krw, '개인 사정', 'SUCCEEDED', a.status, 'MEMBER', a.user_id, 'pgc-' || p.join_id, a.updated_at, a.updated_at, p.join_id
    from payment p join application a using (join_id) where p.cancelled_krw > 0 and a.join_id > ${from} and a.join_id <= ${to} order by p.join_id`),
  );
  await load.split(applications, (trx, from, to) =>
    trx.raw(`
    insert into payment_event (join_id, type, amount_krw, note, created_at)
    select join_id, type, amount_krw, null, at from (
      select join_id, 'RESERVED' as type, 0 as amount_krw, reserved_at as at, 1 as step from application
        where billing_key is not null and status <> 'PAYMENT_FAILED'
      union all select join_id, case when status = 'FAILED' then 'CHARGE_FAILED' else 'CHARGED' end, case when status = 'FAILED' then 0 else amount_krw end, created_at + interval '1 minute', 2 from payment
      union all select join_id, 'REFUNDED', amount_krw, created_at, 3 from refund
    ) events where join_id > ${from} and join_id <= ${to} order by join_id, step`),
  );
  done('refunds, payment events');

  // The ended cohorts' teams first, as time made them: the running sprint's have the latest ids.
  await generatePastTeams(load, teamsCohort);
  done("past cohorts' teams and misses");
  await generateTeams(load, teamsCohort);
  done('published teams, check-ins, submissions');

  // Operators' actions over the years, newest last (audit_id order is time order).
  await load.run((trx) =>
    trx.raw(`
    insert into audit_log (audit_id, actor_user_id, action, target_type, target_id, odd_id, before, after, created_at)
    select i, 900001 + i % 5, (array['COHORT_UPDATE', 'APPLICATION_STATE', 'REFUND', 'BOARD_MOVE', 'BOARD_LOCK'])[1 + i % 5],
      (array['COHORT', 'APPLICATION', 'APPLICATION', 'TEAM_BOARD', 'TEAM_BOARD'])[1 + i % 5],
      (1 + (hashint8(i) & 2147483647) % ${applications})::text, case when i % 20 = 0 then null else 1 + (hashint8(i) & 2147483647) % ${cohorts} end,
      jsonb_build_object('status', 'RESERVED'), jsonb_build_object('status', 'ASSIGNED', 'reason', '운영자 확인'),
      now() - make_interval(secs => (${auditEntries} - i) * 600.0)
    from generate_series(1, ${auditEntries}) as i`),
  );
  done('audit log');
  log('    (indexes are built next)');
  await knex.raw(`select setval(pg_get_serial_sequence('audit_log', 'audit_id'), ${auditEntries})`);
  await knex.raw('drop table scale_plan');
}

/**
 * The teams of the cohorts that ended before the running sprint (`before`), so the team pages read one cohort's rows among
 * years of others, as the planner sees them in service: the members who finished or were dropped, in teams of TEAM_SIZE
 * in application order, and the past sprints' misses (one day in seven of each member's). No past check-ins: the pages
 * read those of a page's members alone, by key.
 */
async function generatePastTeams(load: Loader, before: number): Promise<void> {
  await load.run(async (trx) => {
    await trx.raw(`
      create temporary table scale_past_seat on commit drop as
      select a.join_id, a.odd_id, ((row_number() over (partition by a.odd_id order by a.join_id) - 1) / ${TEAM_SIZE})::int + 1 as n
      from application a join cohort c on c.odd_id = a.odd_id join product p on p.product_id = c.product_id
      where a.odd_id < ${before} and c.end_date < current_date and p.min_team_size is not null and a.status in ('COMPLETED', 'DROPPED')`);
    await trx.raw(`
      insert into team (odd_id, team_key, name, created_at)
      select s.odd_id, 'T' || s.n, s.n || '팀', c.start_date - 7 from (select distinct odd_id, n from scale_past_seat) s join cohort c on c.odd_id = s.odd_id
      order by s.odd_id, s.n`);
    await trx.raw(`
      insert into team_member (join_id, team_id, explanation, joined_at)
      select s.join_id, t.team_id, '팀 빌딩으로 배정되었어요.', t.created_at from scale_past_seat s join team t on t.odd_id = s.odd_id and t.team_key = 'T' || s.n
      order by s.join_id`);
    await trx.raw(`
      insert into checkin_miss (join_id, day, odd_id)
      select s.join_id, g::date, s.odd_id
      from scale_past_seat s join cohort c on c.odd_id = s.odd_id cross join generate_series(c.start_date, c.end_date, interval '1 day') as g
      where c.product_id = 2 and (hashint8(s.join_id * 13 + (g::date - c.start_date)) & 2147483647) % 7 = 0
      order by s.join_id, g::date`);
  });
}

/**
 * The running sprint's published teams: its members who were placed (assigned, and those dropped since) in teams of
 * TEAM_SIZE in application order, one in STOPPED_EVERY stopped two days ago; check-ins on nine days in ten of each member's days up to today (today's by half of
 * them: it is open until 22:00), a dropped member's only on the first two days; a miss for each earlier day without a
 * check-in; a submission for every other team, and the judges' scores (0..10 per criterion, the rubric's weights) for
 * three in four of those, so judging's summary has a ranking to work out (ties included) and teams still to score.
 */
async function generateTeams(load: Loader, oddId: number): Promise<void> {
  await load.run(async (trx) => {
    await trx.raw(`
      create temporary table scale_seat on commit drop as
      select join_id, user_id, status, ((row_number() over (order by join_id) - 1) / ${TEAM_SIZE})::int + 1 as n
      from application where odd_id = ${oddId} and status in ('ASSIGNED', 'DROPPED')`);
    await trx.raw(`
      insert into team (odd_id, team_key, name, created_at, stopped_at)
      select ${oddId}, 'T' || n, n || '팀', now() - interval '8 days', case when n % ${STOPPED_EVERY} = 0 then now() - interval '2 days' end
      from (select distinct n from scale_seat) s order by n`);
    await trx.raw(`
      insert into team_member (join_id, team_id, explanation, joined_at)
      select s.join_id, t.team_id, '팀 빌딩으로 배정되었어요.', t.created_at from scale_seat s join team t on t.odd_id = ${oddId} and t.team_key = 'T' || s.n
      order by s.join_id`);
    await trx.raw(`
      insert into checkin (join_id, day, checked_at)
      select s.join_id, d.day, (d.day + time '09:00') at time zone 'Asia/Seoul'
      from scale_seat s cross join cohort c
        cross join lateral (select g::date as day from generate_series(c.start_date, current_date, interval '1 day') as g) d
      where c.odd_id = ${oddId}
        and (hashint8(s.join_id * 37 + (d.day - c.start_date)) & 2147483647) % 10 <> 0
        and (d.day < current_date or s.join_id % 2 = 0)
        and (s.status = 'ASSIGNED' or d.day < c.start_date + 2)
      order by s.join_id, d.day`);
    await trx.raw(`
      insert into checkin_miss (join_id, day, odd_id)
      select s.join_id, g::date, c.odd_id
      from scale_seat s cross join cohort c cross join generate_series(c.start_date, current_date - 1, interval '1 day') as g
      where c.odd_id = ${oddId} and (s.status = 'ASSIGNED' or g::date < c.start_date + 4)
        and not exists (select 1 from checkin x where x.join_id = s.join_id and x.day = g::date)
      order by s.join_id, g::date`);
    await trx.raw(`
      insert into team_submission (team_id, project_name, description, repository_url, demo_url, images, submitted_by, updated_at)
      select t.team_id, t.name || ' 프로젝트', '동네 가게 예약을 한 화면에서 끝내는 서비스예요.', 'https://github.com/example/team-' || t.team_id, null, '[]',
        (select s.user_id from scale_seat s where 'T' || s.n = t.team_key order by s.join_id limit 1), now() - interval '1 hour'
      from team t where t.odd_id = ${oddId} and substr(t.team_key, 2)::int % 2 = 0`);
    // Each criterion 3..10 on the rubric, the total weighted as the judges' route does.
    const criterion = (i: number) => `((hashint8(s.team_id * ${JUDGING_RUBRIC.length} + ${i}) & 7) + 3)`;
    await trx.raw(`
      insert into team_score (team_id, scores, total, feedback, judged_by, updated_at)
      select s.team_id, jsonb_build_object(${JUDGING_RUBRIC.map((c, i) => `'${c.key}', ${criterion(i)}`).join(', ')}),
        ${JUDGING_RUBRIC.map((c, i) => `${criterion(i)} * ${c.weight}`).join(' + ')}, '완성도가 높아요.', 900001, now() - interval '30 minutes'
      from team_submission s join team t on t.team_id = s.team_id where t.odd_id = ${oddId} and s.team_id % 4 <> 0`);
  });
}
