import type { Knex } from 'knex';
import { bulkLoad } from './bulk-load';

/** Share of members who have withdrawn (their account rows stay, unnamed to the console). */
const WITHDRAWN_PERCENT = 2;
const SURNAMES = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
  '황',
  '안',
  '송',
  '류',
  '홍',
];
const GIVEN_FIRST = [
  '민',
  '서',
  '지',
  '하',
  '도',
  '예',
  '주',
  '수',
  '현',
  '유',
  '은',
  '시',
  '우',
  '채',
  '가',
  '다',
  '태',
  '승',
  '정',
  '재',
];
const GIVEN_SECOND = [
  '준',
  '윤',
  '우',
  '원',
  '연',
  '진',
  '아',
  '호',
  '린',
  '희',
  '빈',
  '율',
  '영',
  '훈',
  '혁',
  '경',
  '솔',
  '별',
  '온',
  '결',
];
const JOBS = [
  ['JG_PLAN', '기획'],
  ['JG_DESIGN', '디자인'],
  ['JG_DEV', '개발'],
];
const YEARS = [
  ['CY_UNDER_6M', '6개월 미만'],
  ['CY_1_3Y', '1~3년'],
  ['CY_3_5Y', '3~5년'],
  ['CY_5_10Y', '5~10년'],
];

const textArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** The career card ID of member `userId` as the bench generates it (letters and digits: the product's rule). */
export const benchCareerCardId = (userId: number) => `card${userId}`;

/**
 * SQL of what member `i` (an integer expression) is given: a Korean name from 20 surnames and 400 given names, a
 * unique nickname and career card ID, and whether they have withdrawn. The programs generator copies them with
 * these too (its applications hold a copy of their members' names).
 */
export const memberSql = (i: string) => ({
  name: `(${textArray(SURNAMES)})[1 + ${i} % 20] || (${textArray(GIVEN_FIRST)})[1 + (${i} / 20) % 20] || (${textArray(GIVEN_SECOND)})[1 + (${i} / 400) % 20]`,
  nickname: `'member' || ${i}`,
  careerCardId: `'card' || ${i}`,
  withdrawn: `(hashint4(${i}) & 2147483647) % 100 < ${WITHDRAWN_PERCENT}`,
});

/**
 * Members 1..count in the account service's schema, in one INSERT ... SELECT over generate_series: Korean
 * names from 20 surnames and 400 given names (so a search for a name finds many), unique e-mail addresses,
 * nicknames and career card IDs, sign-up vendors and dates spread over eight years, WITHDRAWN_PERCENT withdrawn.
 */
export async function seedMembers(knex: Knex, count: number): Promise<void> {
  const member = memberSql('i');
  await bulkLoad(knex, ['user_account'], (load) =>
    load.split(count, (trx, from, to) =>
      trx.raw(`
      insert into user_account (user_id, email, contact_email, user_name, user_alias, user_phone, job_group, job_code, career_years, year_code,
        profile_id, user_role, vendor, marketing_consent, reg_date, withdrawn_at)
      select i, 'm' || i || '@example.com', 'c' || i || '@example.com', ${member.name}, ${member.nickname}, '010' || lpad((i % 100000000)::text, 8, '0'),
        (${textArray(JOBS.map((j) => j[1]!))})[1 + i % 3], (${textArray(JOBS.map((j) => j[0]!))})[1 + i % 3],
        (${textArray(YEARS.map((y) => y[1]!))})[1 + (i / 3) % 4], (${textArray(YEARS.map((y) => y[0]!))})[1 + (i / 3) % 4],
        ${member.careerCardId}, 'ROLE_USER', (array['EMAIL','GOOGLE','KAKAO','NAVER'])[1 + (i / 7) % 4]::text, i % 3 = 0,
        now() - make_interval(days => ((${count} - i) * 2920.0 / ${count})::int),
        case when ${member.withdrawn} then now() - interval '30 days' end
      from generate_series(${from} + 1, ${to}) as i`),
    ),
  );
  await knex.raw(`select setval(pg_get_serial_sequence('user_account', 'user_id'), ${count})`);
}
