import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createOpsServer } from '@sq/service-kit';
import type { Identity } from '@sq/contracts';
import type { MoneyException, ReconciliationRun } from '@sq/contracts/api/money';
import { TODAY, TEST_CARDS, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { repairRefunds } from '../src/payments/refunds';
import { failRun, startRun } from '../src/repositories/reconciliation-repository';

/**
 * The daily reconciliation with the PG and the exceptions queue, against the real programs service and the sandbox
 * PG: what the PG's bulk reads (GET /payments-by-cursor, GET /billing-keys) show is matched amount by amount against
 * the ledger; a cancellation made in the PG's console (its webhook lost) is a mismatch, found once, fixed from the
 * queue by booking the PG's record.
 */
const ADMIN: Identity = { userId: 900_201, role: 'ROLE_ADMIN', sid: 'sid-admin-money' };
const OPERATORS_MAIL = 'money-owners@example.com';
const COURSE = 304;
const BSIDE = 112;
let stack: ApplyStack;
let ops: FastifyInstance;
/** The course's fee, as charged. */
let courseFee: number;

beforeAll(async () => {
  process.env.OPERATOR_NOTIFY_EMAIL = OPERATORS_MAIL;
  // Keys and owed refunds count at once here (production waits an hour and a day).
  process.env.RECONCILIATION_KEY_GRACE_MINUTES = '0';
  process.env.EXCEPTION_OWED_AGE_HOURS = '0';
  process.env.RECONCILIATION_PENDING_CHARGE_MINUTES = '0';
  stack = await startApplyStack();
  ops = createOpsServer(stack.programs.app, 'programs');
});
afterAll(async () => {
  delete process.env.OPERATOR_NOTIFY_EMAIL;
  delete process.env.RECONCILIATION_KEY_GRACE_MINUTES;
  delete process.env.EXCEPTION_OWED_AGE_HOURS;
  delete process.env.RECONCILIATION_PENDING_CHARGE_MINUTES;
  await ops?.close();
  await stack?.close();
});

const knex = () => stack.programs.app.knex;
const call = (method: 'GET' | 'POST', url: string, payload?: object, who: Identity = ADMIN) =>
  stack.programs.app.inject({ method, url, headers: stack.programs.as(who), ...(payload ? { payload } : {}) });
/** Runs the reconciliation now, an hour after the clock's last move (the PG's records carry that clock). */
async function runNow(): Promise<ReconciliationRun> {
  stack.setNow(new Date(stack.now().getTime() + 3_600_000));
  const answer = await call('POST', '/api/admin/money/runs', {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ run: ReconciliationRun }>().run;
}
const openExceptions = async () =>
  (await call('GET', '/api/admin/money/exceptions')).json<{ exceptions: MoneyException[] }>().exceptions;
const consoleCancel = (paymentId: string, fields: Record<string, string>) =>
  fetch(`${stack.pg.url}/console/payments/${paymentId}/cancel`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

async function purchase(): Promise<{ joinId: number; paymentId: string }> {
  const member = memberClient(stack, newMember());
  const paid = await member.applyAndPay(COURSE, 'COURSE');
  expect(paid.result).toBe('PAID');
  const joinId = paid.application.joinId as number;
  const payment = await knex()('payment').where({ join_id: joinId, status: 'PAID' }).first();
  courseFee = payment.amount_krw as number;
  return { joinId, paymentId: payment.payment_id as string };
}

describe('reconciliation with the PG (POST /api/admin/money/runs)', () => {
  let consoleCase: { joinId: number; paymentId: string };

  it('a clean run: every payment matches, amount by amount, and nothing opens', async () => {
    stack.setNow(TODAY);
    consoleCase = await purchase();
    const reserved = await memberClient(stack, newMember()).applyAndPay(BSIDE, 'TEAM_PROJECT');
    expect(reserved.application.state).toBe('RESERVED');
    const run = await runNow();
    expect(run).toMatchObject({
      status: 'DONE',
      trigger: 'OPERATOR',
      matchedCount: 1,
      matchedKrw: courseFee,
      matchedRefundKrw: 0,
      mismatches: {},
      openedCount: 0,
    });
    expect(run.pgPayments).toBe(1);
    // Both members' keys are issued at the PG and held by their applications.
    expect(run.pgBillingKeys).toBe(2);
    expect(await openExceptions()).toEqual([]);
    const runs = (await call('GET', '/api/admin/money/runs')).json<{ runs: ReconciliationRun[] }>().runs;
    expect(runs[0]!.runId).toBe(run.runId);
  });

  it('a cancellation made in the PG console (its webhook lost) is a mismatch, the owners are mailed, and a second run adds nothing', async () => {
    const answer = await consoleCancel(consoleCase.paymentId, { amount: '50000', reason: '상담 후 일부 환불' });
    expect(answer.status).toBe(303);
    stack.mail.clear();
    const run = await runNow();
    expect(run).toMatchObject({
      status: 'DONE',
      matchedCount: 0,
      openedCount: 1,
      mismatches: { AMOUNT_DIFFERS: { count: 1, amountKrw: 50_000 } },
    });
    const [exception, ...others] = await openExceptions();
    expect(others).toEqual([]);
    expect(exception).toMatchObject({
      kind: 'AMOUNT_DIFFERS',
      paymentId: consoleCase.paymentId,
      joinId: consoleCase.joinId,
      amountKrw: 50_000,
      actions: { retry: false, book: true },
    });
    expect(exception!.detail).toContain('PG 50,000원');
    expect(exception!.userId).toEqual(expect.any(Number));
    const mail = await stack.mail.waitFor(OPERATORS_MAIL, 5_000);
    expect(mail.subject).toBe('[운영] 돈 예외 1건이 열렸어요');

    const again = await runNow();
    expect(again).toMatchObject({ openedCount: 0, mismatches: { AMOUNT_DIFFERS: { count: 1, amountKrw: 50_000 } } });
    expect((await openExceptions()).map((e) => e.exceptionId)).toEqual([exception!.exceptionId]);
    // The metric counts it once.
    const metrics = await ops.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/money_exceptions_open\{kind="AMOUNT_DIFFERS"\} 1/);
  });

  it('"book the PG\'s record" settles it through the refund ledger, is audited, and the next run is clean', async () => {
    const [exception] = await openExceptions();
    const booked = await call('POST', `/api/admin/money/exceptions/${exception!.exceptionId}/book`);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ closed: true, outcome: 'SETTLED' });
    expect(
      await knex()('refund')
        .where({ payment_id: consoleCase.paymentId })
        .select('refund_case', 'amount_krw', 'status', 'actor'),
    ).toEqual([{ refund_case: 'PG_DIRECT', amount_krw: 50_000, status: 'SUCCEEDED', actor: 'PG' }]);
    expect((await knex()('payment').where({ payment_id: consoleCase.paymentId }).first()).cancelled_krw).toBe(50_000);
    const audited = await knex()('audit_log')
      .where({ action: 'MONEY_EXCEPTION_BOOK', target_id: String(exception!.exceptionId) })
      .first();
    expect(audited).toMatchObject({
      actor_user_id: ADMIN.userId,
      target_type: 'MONEY_EXCEPTION',
      after: { outcome: 'SETTLED', closed: true },
    });
    expect(await openExceptions()).toEqual([]);

    const run = await runNow();
    expect(run).toMatchObject({
      matchedCount: 1,
      matchedKrw: courseFee,
      matchedRefundKrw: 50_000,
      mismatches: {},
      openedCount: 0,
    });
    // Booked once: acting again on the closed exception finds nothing open.
    expect((await call('POST', `/api/admin/money/exceptions/${exception!.exceptionId}/book`)).statusCode).toBe(404);
  });

  it('a run that finds an open mismatch matched again closes it as resolved', async () => {
    const other = await purchase();
    await consoleCancel(other.paymentId, { amount: '10000', reason: '부분 환불' });
    expect((await runNow()).openedCount).toBe(1);
    // The PG's webhook arrives late after all: its job books the PG's record (as processWebhook does), and the next
    // run finds the payment matched.
    await repairRefunds(
      stack.programs.app.payments.deps,
      other.paymentId,
      await stack.programs.app.payments.pg.getPayment(other.paymentId),
    );
    const run = await runNow();
    expect(run).toMatchObject({ openedCount: 0, resolvedCount: 1, mismatches: {} });
    expect(await openExceptions()).toEqual([]);
  });
});

describe('one run at a time, whichever instance starts it', () => {
  it('the scheduled job runs the configured window; while a run is running, another is refused (409) and a tick skips', async () => {
    stack.setNow(new Date(stack.now().getTime() + 3_600_000));
    await stack.programs.app.jobs.send('money-reconciliation', {});
    await stack.programs.app.jobs.drain('money-reconciliation');
    const [scheduled] = await knex()('reconciliation_run').orderBy('run_id', 'desc').limit(1);
    expect(scheduled).toMatchObject({ trigger: 'SCHEDULE', status: 'DONE' });
    expect(new Date(scheduled.window_until).getTime() - new Date(scheduled.window_from).getTime()).toBe(
      stack.config.reconciliation.windowHours * 3_600_000,
    );

    // Another instance's run in progress.
    const other = await startRun(knex(), {
      from: TODAY,
      until: stack.now(),
      trigger: 'SCHEDULE',
      actorUserId: null,
      staleSeconds: 3_600,
    });
    expect(other).not.toBeNull();
    const refused = await call('POST', '/api/admin/money/runs', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('대사가 이미 실행 중이에요. 끝난 뒤 다시 실행해 주세요.');
    const runs = await knex()('reconciliation_run').count({ n: '*' }).first();
    await stack.programs.app.jobs.send('money-reconciliation', {});
    await stack.programs.app.jobs.drain('money-reconciliation');
    expect(await knex()('reconciliation_run').count({ n: '*' }).first()).toEqual(runs);
    await failRun(knex(), other!.run_id, 'test');
  });
});

describe("the exceptions queue's actions", () => {
  it('close requires a written reason (Korean message, nothing changes), then closes it for good with the reason audited', async () => {
    // A billing key issued at the PG that no application holds (a card page answered nowhere).
    const issued = await fetch(`${stack.pg.url}/billing-keys`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        method: {
          card: {
            credential: {
              number: TEST_CARDS.ok,
              expiryYear: '39',
              expiryMonth: '12',
              birthOrBusinessRegistrationNumber: '900101',
              passwordTwoDigits: '12',
            },
          },
        },
        customer: { id: 'stray' },
      }),
    });
    const billingKey = ((await issued.json()) as { billingKeyInfo: { billingKey: string } }).billingKeyInfo.billingKey;
    const run = await runNow();
    expect(run).toMatchObject({ openedCount: 1, mismatches: { KEY_ISSUED_UNHELD: { count: 1, amountKrw: 0 } } });
    const [exception] = await openExceptions();
    expect(exception).toMatchObject({ kind: 'KEY_ISSUED_UNHELD', billingKey, actions: { retry: false, book: true } });
    const path = `/api/admin/money/exceptions/${exception!.exceptionId}`;

    // Nobody's key: there is no application to book it to (the attempt is audited), and nothing to retry.
    expect((await call('POST', `${path}/book`)).json()).toMatchObject({
      message: 'PG 기록으로 반영할 수 없는 예외예요. 확인 후 사유를 적어 닫아 주세요.',
    });
    const failedBook = await knex()('audit_log')
      .where({ action: 'MONEY_EXCEPTION_BOOK', target_id: String(exception!.exceptionId) })
      .first();
    expect(failedBook.after).toMatchObject({
      closed: false,
      outcome: 'FAILED: PG 기록으로 반영할 수 없는 예외예요. 확인 후 사유를 적어 닫아 주세요.',
    });
    expect((await call('POST', `${path}/retry`)).statusCode).toBe(409);
    for (const payload of [{}, { reason: '   ' }]) {
      const refused = await call('POST', `${path}/close`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('닫는 사유를 입력해 주세요.');
    }
    expect((await call('POST', `${path}/close`, { reason: 'x'.repeat(501) })).json().message).toBe(
      '닫는 사유는 500자까지 쓸 수 있어요.',
    );
    expect((await openExceptions()).map((e) => e.exceptionId)).toEqual([exception!.exceptionId]);

    const closed = await call('POST', `${path}/close`, { reason: 'PG 콘솔에서 시험 발급한 키, 삭제 요청함' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ closed: true });
    const audited = await knex()('audit_log')
      .where({ action: 'MONEY_EXCEPTION_CLOSE', target_id: String(exception!.exceptionId) })
      .first();
    expect(audited.after).toMatchObject({ reason: 'PG 콘솔에서 시험 발급한 키, 삭제 요청함', closed: true });
    // Closed with a reason: the next run does not open it again.
    expect((await runNow()).openedCount).toBe(0);
    expect(await openExceptions()).toEqual([]);
  });

  it('a refund whose answer was lost and stays owed is queued, and "retry now" pays it through the ledger', async () => {
    const { joinId, paymentId } = await purchase();
    stack.pg.faults.dropCancelAnswers = 1;
    const cancelled = await memberClient(stack, {
      userId: (await knex()('application').where({ join_id: joinId }).first()).user_id,
      role: 'ROLE_USER',
      sid: 'sid-owed',
    }).cancel(joinId);
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await knex()('refund').where({ payment_id: paymentId }).pluck('status')).toEqual(['REQUESTED']);
    // The hourly scan between the daily runs queues it (and mails the owners); the run then finds it open already.
    stack.mail.clear();
    await stack.programs.app.jobs.send('money-exception-scan', {});
    await stack.programs.app.jobs.drain('money-exception-scan');
    expect((await openExceptions()).map((e) => e.kind)).toEqual(['REFUND_OWED_UNPAID']);
    expect((await stack.mail.waitFor(OPERATORS_MAIL, 5_000)).text).toContain('환불 미지급');
    const run = await runNow();
    expect(run.openedCount).toBe(0);
    expect(run.mismatches.REFUND_OWED_UNPAID).toMatchObject({ count: 1 });
    // The PG made the cancellation; ours is in flight, so the amounts are not a second exception.
    expect(run.mismatches.AMOUNT_DIFFERS).toBeUndefined();
    const [exception] = await openExceptions();
    expect(exception).toMatchObject({
      kind: 'REFUND_OWED_UNPAID',
      paymentId,
      joinId,
      actions: { retry: true, book: false },
    });
    const retried = await call('POST', `/api/admin/money/exceptions/${exception!.exceptionId}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ closed: true });
    expect(await knex()('refund').where({ payment_id: paymentId }).pluck('status')).toEqual(['SUCCEEDED']);
    const atPg = stack.pg.state().payments.find((p) => p.id === paymentId)!;
    expect(atPg.amount.cancelled).toBe(
      (await knex()('payment').where({ payment_id: paymentId }).first()).cancelled_krw,
    );
    expect((await runNow()).mismatches).toEqual({});
  });

  it('a purchase charge the PG never got stays PENDING: queued as pending too long, and "retry now" asks the PG again', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(COURSE, 'COURSE');
    const booked = await member.book(COURSE);
    const query = await member.payOnCardPage(booked.json());
    stack.pg.faults.loseChargeRequests = 1;
    const confirmed = await member.confirm(COURSE, query);
    expect(confirmed.statusCode).toBe(503);
    const payment = await knex()('payment').where({ status: 'PENDING' }).first();
    expect(payment).toBeTruthy();
    const run = await runNow();
    expect(run.mismatches.CHARGE_PENDING_TOO_LONG).toEqual({ count: 1, amountKrw: payment.amount_krw });
    const [exception] = await openExceptions();
    expect(exception).toMatchObject({
      kind: 'CHARGE_PENDING_TOO_LONG',
      paymentId: payment.payment_id,
      actions: { retry: true, book: true },
    });
    const retried = await call('POST', `/api/admin/money/exceptions/${exception!.exceptionId}/retry`);
    expect(retried.json()).toMatchObject({ closed: true, outcome: 'PAID' });
    expect((await knex()('payment').where({ payment_id: payment.payment_id }).first()).status).toBe('PAID');
    expect(stack.pg.state().payments.filter((p) => p.id === payment.payment_id)).toHaveLength(1);
    expect((await runNow()).mismatches).toEqual({});
  });

  it('is documented in the OpenAPI document the gateway aggregates (/api/docs)', async () => {
    const document = (await stack.programs.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>>;
    }>();
    for (const [path, method] of [
      ['/api/admin/money/runs', 'get'],
      ['/api/admin/money/runs', 'post'],
      ['/api/admin/money/exceptions', 'get'],
      ['/api/admin/money/exceptions/{exceptionId}/retry', 'post'],
      ['/api/admin/money/exceptions/{exceptionId}/book', 'post'],
      ['/api/admin/money/exceptions/{exceptionId}/close', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['admin']);
    }
    expect(
      JSON.stringify(document.paths['/api/admin/money/exceptions/{exceptionId}/close']!.post!.requestBody),
    ).toContain('reason');
  });

  it('is for operators only: a member gets 403 on every route and nothing changes', async () => {
    const member = newMember();
    const runsBefore = await knex()('reconciliation_run').count({ n: '*' }).first();
    for (const [method, url, payload] of [
      ['GET', '/api/admin/money/runs'],
      ['POST', '/api/admin/money/runs', {}],
      ['GET', '/api/admin/money/exceptions'],
      ['POST', '/api/admin/money/exceptions/1/retry'],
      ['POST', '/api/admin/money/exceptions/1/book'],
      ['POST', '/api/admin/money/exceptions/1/close', { reason: '닫기' }],
    ] as const) {
      const answer = await call(method, url, payload, member);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await knex()('reconciliation_run').count({ n: '*' }).first()).toEqual(runsBefore);
  });
});
