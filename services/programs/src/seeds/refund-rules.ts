import type { Knex } from 'knex';

type Case = 'INDIVIDUAL' | 'TEAM_STOP' | 'COMPANY_ENDED' | 'LEFT_AFTER_INVITE' | 'REWARD';
type Anchor = 'PAID' | 'TEAM_ANNOUNCE' | 'KICKOFF' | 'START' | 'END';
interface Rule {
  case: Case;
  phase: string;
  /** [anchor, months, days], [numerator, denominator] of the course elapsed, or null for "after that". */
  until: [Anchor, number, number] | { elapsed: [number, number] } | null;
  refund: [number, number];
  amount?: number;
  condition?: string;
  maxVod?: number;
}

const pct = (percent: number): [number, number] => [percent, 100];

/**
 * Spec section 9 and ARCHITECTURE's product decisions. The 14-week project follows the terms' boundaries
 * ("2 weeks after the start" = before two full weeks have passed, i.e. through start + 13 days, which is
 * also the FAQ's "Sunday of week 2"). The sprint's "day 7" counts from the payment day as day 1.
 */
const RULES: Record<number, Rule[]> = {
  1: [
    { case: 'INDIVIDUAL', phase: '팀 빌딩 결과 발표 전날까지', until: ['TEAM_ANNOUNCE', 0, -1], refund: pct(100) },
    { case: 'INDIVIDUAL', phase: '킥오프 모임 당일까지', until: ['KICKOFF', 0, 0], refund: pct(80) },
    { case: 'INDIVIDUAL', phase: '프로젝트 시작 전날까지', until: ['START', 0, -1], refund: pct(70) },
    { case: 'INDIVIDUAL', phase: '프로젝트 시작 후 2주가 지나기 전까지', until: ['START', 0, 13], refund: pct(50) },
    { case: 'INDIVIDUAL', phase: '프로젝트 시작 후 2주가 지난 뒤', until: null, refund: pct(0) },
    { case: 'TEAM_STOP', phase: '팀 활동 중단: 1~4주차', until: ['START', 0, 27], refund: pct(80) },
    { case: 'TEAM_STOP', phase: '팀 활동 중단: 5~8주차', until: ['START', 0, 55], refund: pct(40) },
    { case: 'TEAM_STOP', phase: '팀 활동 중단: 9~12주차', until: ['START', 0, 83], refund: pct(20) },
    { case: 'TEAM_STOP', phase: '팀 활동 중단: 13주차부터', until: null, refund: pct(0) },
    {
      case: 'COMPANY_ENDED',
      phase: '회사 사정으로 종료: 시작 후 1개월 이내',
      until: ['START', 1, -1],
      refund: pct(90),
    },
    {
      case: 'COMPANY_ENDED',
      phase: '회사 사정으로 종료: 시작 후 2개월 이내',
      until: ['START', 2, -1],
      refund: pct(50),
    },
    {
      case: 'COMPANY_ENDED',
      phase: '회사 사정으로 종료: 시작 후 3개월 이내',
      until: ['START', 3, -1],
      refund: pct(20),
    },
    { case: 'COMPANY_ENDED', phase: '회사 사정으로 종료: 시작 후 3개월이 지난 뒤', until: null, refund: pct(0) },
    {
      case: 'REWARD',
      phase: '14주 완주 후 재참여 시 16주차에 참가비 환급',
      until: ['START', 0, 105],
      refund: pct(100),
      condition: '14주를 완주하고 다음 기수에 다시 참여한 경우',
    },
  ],
  2: [
    { case: 'INDIVIDUAL', phase: '결제일을 포함해 7일째까지', until: ['PAID', 0, 6], refund: pct(100) },
    { case: 'INDIVIDUAL', phase: '결제일을 포함해 8일째부터', until: null, refund: pct(0) },
    {
      case: 'LEFT_AFTER_INVITE',
      phase: '팀 초대를 받은 뒤 시작 전에 그만두는 경우',
      until: ['START', 0, -1],
      refund: pct(50),
    },
    { case: 'LEFT_AFTER_INVITE', phase: '스프린트 시작 후', until: null, refund: pct(0) },
  ],
  3: [
    {
      case: 'INDIVIDUAL',
      phase: '결제 후 7일 이내, VOD 수강 10% 이하',
      until: ['PAID', 0, 6],
      refund: pct(100),
      condition: 'VOD 수강률 10% 이하',
      maxVod: 10,
    },
    { case: 'INDIVIDUAL', phase: '수강 기간의 1/3이 지나기 전', until: { elapsed: [1, 3] }, refund: [2, 3] },
    { case: 'INDIVIDUAL', phase: '수강 기간의 1/2이 지나기 전', until: { elapsed: [1, 2] }, refund: [1, 2] },
    { case: 'INDIVIDUAL', phase: '수강 기간의 1/2이 지난 뒤', until: null, refund: pct(0) },
    {
      case: 'REWARD',
      phase: '친구 추천 환급',
      until: null,
      refund: pct(0),
      amount: 50_000,
      condition: '추천한 친구가 결제를 마친 경우',
    },
    {
      case: 'REWARD',
      phase: '우수 수료생 환급',
      until: null,
      refund: pct(50),
      condition: '우수 수료생으로 선정된 경우',
    },
  ],
  4: [
    { case: 'INDIVIDUAL', phase: '리뷰 전날까지', until: ['START', 0, -1], refund: pct(100) },
    { case: 'INDIVIDUAL', phase: '리뷰 당일부터', until: null, refund: pct(0) },
  ],
};

export async function seedRefundRules(knex: Knex): Promise<void> {
  const rows = Object.entries(RULES).flatMap(([productId, rules]) =>
    rules.map((rule, order) => {
      const date = Array.isArray(rule.until) ? rule.until : null;
      const elapsed = rule.until && !Array.isArray(rule.until) ? rule.until.elapsed : null;
      return {
        product_id: Number(productId),
        case_kind: rule.case,
        sort_order: order,
        phase: rule.phase,
        anchor: date?.[0] ?? null,
        offset_months: date?.[1] ?? 0,
        offset_days: date?.[2] ?? 0,
        elapsed_numerator: elapsed?.[0] ?? null,
        elapsed_denominator: elapsed?.[1] ?? null,
        refund_numerator: rule.refund[0],
        refund_denominator: rule.refund[1],
        refund_amount_krw: rule.amount ?? null,
        condition: rule.condition ?? null,
        max_vod_usage_percent: rule.maxVod ?? null,
      };
    }),
  );
  await knex('refund_rule').insert(rows);
}
