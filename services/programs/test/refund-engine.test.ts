import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import type { RefundCase } from '@sq/contracts';
import { programsService } from '../src/service';
import type { CohortDates } from '../src/schedule';
import {
  quoteRefund,
  refundRulesFromRows,
  refundScheduleFor,
  type EngineRefundRule,
  type RewardKind,
} from '../src/core/refunds/refund-engine';
import type { RefundRuleRow } from '../src/repositories/product-repository';

/**
 * The refund engine over the rules as they are stored: the rows come from a freshly seeded programs
 * database, so these walks check the seed rows as much as the engine. Every boundary day is visited with
 * the day before and after, each at 00:00:00 and 23:59:59 Korean time.
 */
let service: TestService;
const rules: Record<number, EngineRefundRule[]> = {};

beforeAll(async () => {
  service = await build(programsService);
  const knex = (service.app as unknown as { knex: Knex }).knex;
  for (const productId of [1, 2, 3, 4]) {
    rules[productId] = refundRulesFromRows(
      await knex<RefundRuleRow>('refund_rule').where({ product_id: productId }).orderBy('sort_order'),
    );
  }
});
afterAll(async () => {
  await service?.close();
});

const seoul = (day: string, time = '00:00:00') => new Date(`${day}T${time}+09:00`);
const cohort = (dates: {
  announce: string | null;
  kickoff: string | null;
  start: string;
  end: string;
}): CohortDates => ({
  recruitStart: seoul('2026-11-02'),
  recruitEnd: seoul('2026-11-29', '23:59:59'),
  teamBuildingAnnounceDate: dates.announce,
  kickoffDate: dates.kickoff,
  startDate: dates.start,
  endDate: dates.end,
  cancelledAt: null,
});

// The demo cohorts' dates (14-week 12기, sprint 2026-12, planner course 4기, review day 1회).
const BSIDE = cohort({ announce: '2026-12-16', kickoff: '2027-01-02', start: '2027-01-04', end: '2027-04-11' });
const SPRINT = cohort({ announce: '2026-12-10', kickoff: '2026-12-14', start: '2026-12-14', end: '2026-12-23' });
const COURSE = cohort({ announce: '2026-12-07', kickoff: '2026-12-12', start: '2026-12-14', end: '2027-02-07' });
const REVIEW = cohort({ announce: null, kickoff: null, start: '2026-12-12', end: '2026-12-12' });

interface Walk {
  productId: number;
  cohort: CohortDates;
  feeKrw: number;
  paidAt: Date | null;
  case: RefundCase;
  vodUsagePercent?: number;
  reward?: RewardKind;
}

/** [Korean day, refund, last day it stays available] — checked at the first and the last second of the day. */
type Day = [day: string, refundKrw: number, refundableUntil: string | null];

function walk(setup: Walk, days: Day[]) {
  for (const [day, refundKrw, refundableUntil] of days) {
    for (const time of ['00:00:00', '23:59:59']) {
      const quote = quoteRefund({
        rules: rules[setup.productId]!,
        cohort: setup.cohort,
        feeKrw: setup.feeKrw,
        paidAmountKrw: setup.feeKrw,
        paidAt: setup.paidAt,
        at: seoul(day, time),
        case: setup.case,
        vodUsagePercent: setup.vodUsagePercent,
        reward: setup.reward,
      });
      expect({ day, time, refundKrw: quote.refundKrw, refundableUntil: quote.refundableUntil }).toEqual({
        day,
        time,
        refundKrw,
        refundableUntil,
      });
    }
  }
}

describe('14-week team project (300,000 KRW), by the terms as ARCHITECTURE reads them', () => {
  const setup = { productId: 1, cohort: BSIDE, feeKrw: 300_000, paidAt: seoul('2026-12-16', '10:00:00') };

  it('individual cancel: full until the day before the announcement, 80% through kickoff, 70% until the day before the start, 50% until two weeks after the start, then nothing', () => {
    walk({ ...setup, case: 'INDIVIDUAL' }, [
      ['2026-11-10', 300_000, '2026-12-15'],
      ['2026-12-14', 300_000, '2026-12-15'],
      ['2026-12-15', 300_000, '2026-12-15'],
      ['2026-12-16', 240_000, '2027-01-02'],
      ['2027-01-01', 240_000, '2027-01-02'],
      ['2027-01-02', 240_000, '2027-01-02'],
      ['2027-01-03', 210_000, '2027-01-03'],
      ['2027-01-04', 150_000, '2027-01-17'],
      ['2027-01-16', 150_000, '2027-01-17'],
      ['2027-01-17', 150_000, '2027-01-17'],
      ['2027-01-18', 0, null],
      ['2027-04-11', 0, null],
    ]);
  });

  it('team stop: 80% in weeks 1-4, 40% in weeks 5-8, 20% in weeks 9-12, nothing from week 13', () => {
    walk({ ...setup, case: 'TEAM_STOP' }, [
      ['2027-01-04', 240_000, '2027-01-31'],
      ['2027-01-30', 240_000, '2027-01-31'],
      ['2027-01-31', 240_000, '2027-01-31'],
      ['2027-02-01', 120_000, '2027-02-28'],
      ['2027-02-27', 120_000, '2027-02-28'],
      ['2027-02-28', 120_000, '2027-02-28'],
      ['2027-03-01', 60_000, '2027-03-28'],
      ['2027-03-27', 60_000, '2027-03-28'],
      ['2027-03-28', 60_000, '2027-03-28'],
      ['2027-03-29', 0, null],
    ]);
  });

  it('company ended: 90% within the first month, 50% within two, 20% within three, nothing after', () => {
    walk({ ...setup, case: 'COMPANY_ENDED' }, [
      ['2027-01-04', 270_000, '2027-02-03'],
      ['2027-02-02', 270_000, '2027-02-03'],
      ['2027-02-03', 270_000, '2027-02-03'],
      ['2027-02-04', 150_000, '2027-03-03'],
      ['2027-03-02', 150_000, '2027-03-03'],
      ['2027-03-03', 150_000, '2027-03-03'],
      ['2027-03-04', 60_000, '2027-04-03'],
      ['2027-04-02', 60_000, '2027-04-03'],
      ['2027-04-03', 60_000, '2027-04-03'],
      ['2027-04-04', 0, null],
    ]);
  });

  it('completion reward: the whole fee, payable from the first day of week 16', () => {
    walk({ ...setup, case: 'REWARD', reward: 'COMPLETION' }, [
      ['2027-04-11', 0, null],
      ['2027-04-18', 0, null],
      ['2027-04-19', 300_000, null],
      ['2027-04-20', 300_000, null],
    ]);
    const before = quoteRefund({
      rules: rules[1]!,
      cohort: BSIDE,
      feeKrw: 300_000,
      paidAmountKrw: 300_000,
      paidAt: setup.paidAt,
      at: seoul('2027-04-18', '23:59:59'),
      case: 'REWARD',
    });
    expect(before).toMatchObject({
      refundKrw: 0,
      payableFrom: '2027-04-19',
      phase: expect.stringContaining('지급일 전'),
    });
    expect(
      quoteRefund({
        rules: rules[1]!,
        cohort: BSIDE,
        feeKrw: 300_000,
        paidAmountKrw: 300_000,
        paidAt: setup.paidAt,
        at: seoul('2027-04-19'),
        case: 'REWARD',
      }),
    ).toMatchObject({ refundKrw: 300_000, payableFrom: '2027-04-19' });
  });

  it('has no kickoff phase for a cohort without a kickoff meetup: 70% from the announcement', () => {
    const noKickoff = { ...BSIDE, kickoffDate: null };
    walk({ ...setup, cohort: noKickoff, case: 'INDIVIDUAL' }, [
      ['2026-12-15', 300_000, '2026-12-15'],
      ['2026-12-16', 210_000, '2027-01-03'],
      ['2027-01-03', 210_000, '2027-01-03'],
      ['2027-01-04', 150_000, '2027-01-17'],
    ]);
  });

  it('quotes a phase with its rule, exact share and Korean name; no rule for a case the product lacks', () => {
    const quote = quoteRefund({
      rules: rules[1]!,
      cohort: BSIDE,
      feeKrw: 300_000,
      paidAmountKrw: 300_000,
      paidAt: setup.paidAt,
      at: seoul('2027-01-03', '12:00:00'),
      case: 'INDIVIDUAL',
    });
    expect(quote).toMatchObject({
      refundKrw: 210_000,
      ratio: { numerator: 70, denominator: 100 },
      phase: '프로젝트 시작 전날까지',
      refundableUntil: '2027-01-03',
      rule: { case: 'INDIVIDUAL', boundary: { type: 'DATE', anchor: 'START', offsetDays: -1 } },
    });
    expect(quote.rule).not.toHaveProperty('maxVodUsagePercent');
    expect(
      quoteRefund({
        rules: rules[1]!,
        cohort: BSIDE,
        feeKrw: 300_000,
        paidAmountKrw: 300_000,
        paidAt: setup.paidAt,
        at: seoul('2027-01-03'),
        case: 'LEFT_AFTER_INVITE',
      }),
    ).toMatchObject({ refundKrw: 0, rule: null, ratio: { numerator: 0 } });
  });
});

describe('10-day sprint (30,000 KRW)', () => {
  it('individual cancel: full through day 7 counted from the Korean payment day, nothing from day 8', () => {
    walk(
      { productId: 2, cohort: SPRINT, feeKrw: 30_000, paidAt: seoul('2026-12-10', '20:00:00'), case: 'INDIVIDUAL' },
      [
        ['2026-12-10', 30_000, '2026-12-16'],
        ['2026-12-15', 30_000, '2026-12-16'],
        ['2026-12-16', 30_000, '2026-12-16'],
        ['2026-12-17', 0, null],
      ],
    );
    // 15:30 UTC is already the next day in Korea, so day 7 moves with it.
    walk(
      { productId: 2, cohort: SPRINT, feeKrw: 30_000, paidAt: new Date('2026-12-10T15:30:00Z'), case: 'INDIVIDUAL' },
      [
        ['2026-12-17', 30_000, '2026-12-17'],
        ['2026-12-18', 0, null],
      ],
    );
  });

  it('left after the invite: half until the day before the start, nothing once it started', () => {
    walk(
      {
        productId: 2,
        cohort: SPRINT,
        feeKrw: 30_000,
        paidAt: seoul('2026-12-10', '20:00:00'),
        case: 'LEFT_AFTER_INVITE',
      },
      [
        ['2026-12-10', 15_000, '2026-12-13'],
        ['2026-12-12', 15_000, '2026-12-13'],
        ['2026-12-13', 15_000, '2026-12-13'],
        ['2026-12-14', 0, null],
      ],
    );
  });

  it('a reservation that was never charged refunds nothing and has no payment-based last day yet', () => {
    const quote = quoteRefund({
      rules: rules[2]!,
      cohort: SPRINT,
      feeKrw: 30_000,
      paidAmountKrw: 0,
      paidAt: null,
      at: seoul('2026-12-01'),
      case: 'INDIVIDUAL',
    });
    expect(quote).toMatchObject({
      refundKrw: 0,
      ratio: { numerator: 100, denominator: 100 },
      refundableUntil: null,
      phase: '결제일을 포함해 7일째까지',
    });
  });
});

describe('planner course (350,000 KRW, 2026-12-14 to 2027-02-07: 56 days)', () => {
  const paidAt = seoul('2026-11-20', '10:00:00');
  const setup = { productId: 3, cohort: COURSE, feeKrw: 350_000, paidAt, case: 'INDIVIDUAL' as const };

  it('full within 7 days of payment with at most 10% VOD used; then two thirds before a third of the course, half before half, nothing after', () => {
    walk({ ...setup, vodUsagePercent: 10 }, [
      ['2026-11-20', 350_000, '2026-11-26'],
      ['2026-11-25', 350_000, '2026-11-26'],
      ['2026-11-26', 350_000, '2026-11-26'],
      ['2026-11-27', 233_333, '2027-01-01'],
      ['2026-12-31', 233_333, '2027-01-01'],
      ['2027-01-01', 233_333, '2027-01-01'],
      ['2027-01-02', 175_000, '2027-01-10'],
      ['2027-01-09', 175_000, '2027-01-10'],
      ['2027-01-10', 175_000, '2027-01-10'],
      ['2027-01-11', 0, null],
    ]);
  });

  it('more than 10% of VOD used within the 7 days: two thirds, not all', () => {
    walk({ ...setup, vodUsagePercent: 11 }, [
      ['2026-11-20', 233_333, '2027-01-01'],
      ['2026-11-26', 233_333, '2027-01-01'],
    ]);
    walk({ ...setup }, [['2026-11-26', 350_000, '2026-11-26']]);
  });

  it('floors two thirds of 100,000 to 66,666 and keeps the share exact', () => {
    const quote = quoteRefund({
      rules: rules[3]!,
      cohort: COURSE,
      feeKrw: 100_000,
      paidAmountKrw: 100_000,
      paidAt,
      at: seoul('2026-12-20'),
      case: 'INDIVIDUAL',
    });
    expect(quote).toMatchObject({
      refundKrw: 66_666,
      ratio: { numerator: 2, denominator: 3 },
      phase: '수강 기간의 1/3이 지나기 전',
    });
  });

  it('rewards: 50,000 KRW for a friend referral, half the fee for top students, never more than what is paid', () => {
    const reward = (kind: RewardKind, paidAmountKrw = 350_000) =>
      quoteRefund({
        rules: rules[3]!,
        cohort: COURSE,
        feeKrw: 350_000,
        paidAmountKrw,
        paidAt,
        at: seoul('2027-02-07'),
        case: 'REWARD',
        reward: kind,
      });
    expect(reward('REFERRAL')).toMatchObject({ refundKrw: 50_000, phase: '친구 추천 환급', payableFrom: null });
    expect(reward('TOP_STUDENT')).toMatchObject({
      refundKrw: 175_000,
      ratio: { numerator: 50, denominator: 100 },
      phase: '우수 수료생 환급',
    });
    expect(reward('REFERRAL', 30_000).refundKrw).toBe(30_000);
    expect(reward('COMPLETION')).toMatchObject({ refundKrw: 0, rule: null });
  });
});

describe('portfolio review day (50,000 KRW, stored rows of the generic product)', () => {
  it('full until the day before the review, nothing from its day', () => {
    walk({ productId: 4, cohort: REVIEW, feeKrw: 50_000, paidAt: seoul('2026-11-20'), case: 'INDIVIDUAL' }, [
      ['2026-12-10', 50_000, '2026-12-11'],
      ['2026-12-11', 50_000, '2026-12-11'],
      ['2026-12-12', 0, null],
    ]);
  });
});

describe('amounts', () => {
  it('never refunds more than what is still paid (after an earlier partial refund)', () => {
    const quote = quoteRefund({
      rules: rules[1]!,
      cohort: BSIDE,
      feeKrw: 300_000,
      paidAmountKrw: 100_000,
      paidAt: seoul('2026-12-16'),
      at: seoul('2026-12-20'),
      case: 'INDIVIDUAL',
    });
    expect(quote.refundKrw).toBe(100_000);
  });

  it('refuses amounts that are not whole won', () => {
    const input = {
      rules: rules[1]!,
      cohort: BSIDE,
      paidAt: null,
      at: seoul('2026-12-20'),
      case: 'INDIVIDUAL' as const,
    };
    expect(() => quoteRefund({ ...input, feeKrw: 300_000.5, paidAmountKrw: 0 })).toThrow(RangeError);
    expect(() => quoteRefund({ ...input, feeKrw: 300_000, paidAmountKrw: -1 })).toThrow(RangeError);
  });
});

describe('refund schedule for my page', () => {
  it("lists each phase of the 14-week project with its first and last day and amount, marking today's", () => {
    const schedule = refundScheduleFor({
      rules: rules[1]!,
      cohort: BSIDE,
      feeKrw: 300_000,
      paidAt: null,
      at: seoul('2026-12-20'),
    });
    expect(schedule.map((p) => p.refundPercent)).toEqual([100, 80, 70, 50, 0]);
    expect(schedule.map((p) => [p.phase, p.from, p.until, p.refundKrw, p.current])).toEqual([
      ['팀 빌딩 결과 발표 전날까지', null, '2026-12-15', 300_000, false],
      ['킥오프 모임 당일까지', '2026-12-16', '2027-01-02', 240_000, true],
      ['프로젝트 시작 전날까지', '2027-01-03', '2027-01-03', 210_000, false],
      ['프로젝트 시작 후 2주가 지나기 전까지', '2027-01-04', '2027-01-17', 150_000, false],
      ['프로젝트 시작 후 2주가 지난 뒤', '2027-01-18', null, 0, false],
    ]);
  });

  it("dates the course's payment-based phase from the payment, and leaves it undated before payment", () => {
    const paid = refundScheduleFor({
      rules: rules[3]!,
      cohort: COURSE,
      feeKrw: 100_000,
      paidAt: seoul('2026-11-20', '10:00:00'),
      at: seoul('2027-01-05'),
    });
    expect(paid.map((p) => [p.from, p.until, p.refundKrw, p.current, p.condition])).toEqual([
      [null, '2026-11-26', 100_000, false, 'VOD 수강률 10% 이하'],
      ['2026-11-27', '2027-01-01', 66_666, false, null],
      ['2027-01-02', '2027-01-10', 50_000, true, null],
      ['2027-01-11', null, 0, false, null],
    ]);
    const sprint = refundScheduleFor({ rules: rules[2]!, cohort: SPRINT, feeKrw: 30_000, paidAt: null });
    expect(sprint.map((p) => [p.from, p.until, p.refundKrw, p.current])).toEqual([
      [null, null, 30_000, false],
      [null, null, 0, false],
    ]);
  });

  it('lists the other cases and the rewards too', () => {
    expect(
      refundScheduleFor({ rules: rules[1]!, cohort: BSIDE, feeKrw: 300_000, paidAt: null, case: 'TEAM_STOP' }).map(
        (p) => [p.until, p.refundKrw],
      ),
    ).toEqual([
      ['2027-01-31', 240_000],
      ['2027-02-28', 120_000],
      ['2027-03-28', 60_000],
      [null, 0],
    ]);
    expect(
      refundScheduleFor({ rules: rules[1]!, cohort: BSIDE, feeKrw: 300_000, paidAt: null, case: 'REWARD' }).map((p) => [
        p.from,
        p.until,
        p.refundKrw,
      ]),
    ).toEqual([['2027-04-19', null, 300_000]]);
    expect(
      refundScheduleFor({ rules: rules[3]!, cohort: COURSE, feeKrw: 350_000, paidAt: null, case: 'REWARD' }).map(
        (p) => [p.phase, p.refundKrw],
      ),
    ).toEqual([
      ['친구 추천 환급', 50_000],
      ['우수 수료생 환급', 175_000],
    ]);
  });
});
