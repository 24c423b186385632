import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';

/** Product ids are shared with other services' demo data (content's past projects, applications later). */
export const PRODUCTS = [
  {
    product_id: 1,
    slug: 'bside',
    name: '14주 팀 프로젝트',
    kind: 'TEAM_PROJECT',
    fee_krw: 300_000,
    summary: '기획자, 디자이너, 개발자가 한 팀이 되어 14주 동안 서비스를 기획부터 출시까지 완성해요.',
    description:
      '직군별 역량과 목표를 바탕으로 6~8명의 팀을 꾸리고, 14주 동안 온라인으로 사이드 프로젝트를 진행합니다. 킥오프를 포함해 네 번의 모임이 있고, 14주를 완주한 뒤 다음 기수에 다시 참여하면 16주차에 참가비를 돌려드려요.',
    min_team_size: 6,
    max_team_size: 8,
    planner_seats: 2,
    designer_seats: 2,
    developer_seats: 4,
    max_friends: 2,
    eligibility: 'IT 실무 경력 6개월 이상인 기획자, 디자이너, 개발자',
    min_experience_months: 6,
    charge_policy: 'ON_TEAM_PUBLISH',
  },
  {
    product_id: 2,
    slug: 'potenday',
    name: '10일 팀 스프린트',
    kind: 'SPRINT',
    fee_krw: 30_000,
    summary: '10일 동안 2~4명이 팀을 이뤄 아이디어를 동작하는 결과물로 만드는 스프린트예요.',
    description:
      '매일 밤 10시에 참여 체크인을 하고, 마지막 날 오후 3시까지 결과물을 제출합니다. 이틀 연속 체크인하지 않으면 팀에서 제외돼요. 상금은 총 60만 원(우승 팀 40만 원, 1인당 최대 10만 원)이고, 팀마다 최대 100만 원의 클라우드 크레딧을 지원합니다.',
    min_team_size: 2,
    max_team_size: 4,
    planner_seats: null,
    designer_seats: null,
    developer_seats: null,
    max_friends: 0,
    eligibility: '기획자, 디자이너, 개발자 누구나',
    min_experience_months: null,
    charge_policy: 'ON_TEAM_PUBLISH',
  },
  {
    product_id: 3,
    slug: 'planx',
    name: '플래너 코스',
    kind: 'COURSE',
    fee_krw: 350_000,
    summary: '현업 기획자의 VOD 강의와 1~3명 팀 과제로 기획 실무를 익히는 유료 코스예요.',
    description:
      '8주 동안 VOD 강의를 듣고, 1~3명의 팀으로 실제 서비스 기획서를 완성합니다. 친구를 추천하면 5만 원을, 우수 수료생에게는 참가비의 50%를 돌려드려요.',
    min_team_size: 1,
    max_team_size: 3,
    planner_seats: 3,
    designer_seats: 0,
    developer_seats: 0,
    max_friends: 0,
    eligibility: '서비스 기획 직무를 준비하거나 경력 3년 이하인 기획자',
    min_experience_months: null,
    charge_policy: 'AT_PURCHASE',
  },
  {
    product_id: 4,
    slug: 'portfolio-review',
    name: '포트폴리오 리뷰 데이',
    kind: 'GENERIC',
    fee_krw: 50_000,
    summary: '현업 리뷰어에게 포트폴리오를 1:1로 피드백받는 하루 세션이에요.',
    description:
      '직군별 현업 리뷰어가 포트폴리오를 미리 읽고, 온라인으로 40분간 1:1 피드백을 드립니다. 팀 빌딩은 없어요.',
    min_team_size: null,
    max_team_size: null,
    planner_seats: null,
    designer_seats: null,
    developer_seats: null,
    max_friends: 0,
    eligibility: '기획, 디자인, 개발 포트폴리오를 준비 중인 누구나',
    min_experience_months: null,
    charge_policy: 'AT_PURCHASE',
  },
] as const;

export async function seedProducts(knex: Knex): Promise<boolean> {
  if ((await countRows(knex('product'))) > 0) return false;
  await knex('product').insert(PRODUCTS.map((product, order) => ({ ...product, sort_order: order })));
  // Rows were inserted with explicit ids; the next product made by an operator continues after them.
  await knex.raw(
    `select setval(pg_get_serial_sequence('product', 'product_id'), (select max(product_id) from product))`,
  );
  return true;
}
