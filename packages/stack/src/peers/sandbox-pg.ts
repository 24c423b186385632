import { randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seoulDate } from '@sq/contracts/seoul';
import { TEST_CARDS, cardPage, overviewPage, problemPage, type CardErrors, type CardForm, type IssueParams } from './sandbox-pg-pages';
import { createChargePace, type SandboxPgChargeLoad, type SandboxPgPace } from './sandbox-pg-pace';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, createWebhookSender, type WebhookBody, type WebhookDelivery, type WebhookEventType } from './sandbox-pg-webhooks';
import { CONSOLE_CANCEL_NOTE, ListingRequestError, billingKeyInfos, consoleCancelForm, consoleCancelProblem, consoleCancelRequest, paymentsByCursor, requestBodyOf } from './sandbox-pg-listings';

export { TEST_CARDS } from './sandbox-pg-pages';
export { readSandboxPgPace, type SandboxPgChargeLoad, type SandboxPgPace } from './sandbox-pg-pace';
export { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, generateWebhookSecret, signWebhook, type WebhookBody, type WebhookDelivery, type WebhookEventType } from './sandbox-pg-webhooks';

/**
 * A local payment gateway speaking the PortOne V2 shapes the programs service calls (state in memory):
 *   browser  GET  /billing-keys/issue?storeId&issueId&issueName&customerId&redirectUrl   hosted card page
 *            POST /billing-keys/issue   -> 303 redirectUrl?billingKey&issueId | ?code&message&issueId
 *   server   (header `Authorization: PortOne <apiSecret>`, else 401)
 *            POST   /billing-keys                          issue from card credentials (no browser)
 *            GET    /billing-keys/{billingKey}             DELETE /billing-keys/{billingKey}
 *            POST   /payments/{paymentId}/billing-key      charge (payWithBillingKey), see "payment ids" below
 *            GET    /payments/{paymentId}                  POST /payments/{paymentId}/cancel
 *            GET    /payments-by-cursor                    GET /billing-keys   (bulk reads, sandbox-pg-listings.ts)
 *   people   GET /  (Korean overview), GET /api/state (the same as JSON),
 *            POST /api/webhooks/{webhookId}/redeliver (send an event again, same webhook-id),
 *            POST /console/payments/{paymentId}/cancel (a cancellation made in the PG's console, with or without its webhook)
 * Every change is announced by a Standard Webhooks delivery to `webhookUrl`, retried until a 2xx.
 * Test cards: TEST_CARDS (4242… approves, …0002 is declined at issue, …9995 fails at charge, funds).
 *
 * Payment ids, as PortOne V2 has them (sources: the V2 OpenAPI document, developers.portone.io
 * src/schema/v2.openapi.yml, operation payWithBillingKey, and its guide
 * src/routes/(root)/opi/ko/integration/start/v2/checkout.mdx: "같은 paymentId에 대해 여러 번의 결제 시도가
 * 가능하나, 최종적으로 결제에 성공하는 것은 단 한 번만 가능합니다"):
 *  - a paymentId that is PAID (or partly/fully cancelled since) is never charged again: 409 `ALREADY_PAID`
 *    (not the first answer replayed; the caller reads GET /payments/{paymentId} for the outcome);
 *  - a paymentId whose last attempt FAILED may be attempted again with the same id: a new attempt (new
 *    transactionId) under the same payment, which the payment's record then shows;
 *  - a card refusal is 502 `PG_PROVIDER` with `pgCode`/`pgMessage` (PgProviderError's status in the
 *    OpenAPI document), and the payment's record is FAILED with the reason;
 *  - an attempt arriving while another attempt of the same paymentId is in progress: PortOne documents no
 *    error for it (PayWithBillingKeyError lists no "in progress" type), only that one attempt at most
 *    succeeds. The sandbox serialises attempts per paymentId and answers the late one with the conflict the
 *    operation does list, 409 `ALREADY_PAID`, while the first is READY; a client must read the record
 *    rather than believe either answer (the record says READY until the first attempt ends).
 *
 * Faults (test-only; `npm start` never sets them, but for the charge delay): `faults` makes the network between
 * the service and the PG fail the way it does in production, so tests exercise the real client against the real
 * sandbox rather than a mock (see SandboxPgFaults). Pace (sandbox-pg-pace.ts): how many charges the PG takes at
 * once (429 with Retry-After beyond them) and a count of the charges in flight.
 */
export interface SandboxPgOptions {
  /** 0 or absent: a free port. `npm start` uses `PEER_PORTS.pg` (ports.ts). */
  port?: number;
  host?: string;
  apiSecret: string;
  storeId: string;
  /** Where webhooks go (the programs service's /api/payments/webhook through the gateway); null: none. */
  webhookUrl?: string | null;
  /** `whsec_<base64>` */
  webhookSecret: string;
  /** Origins the hosted page may redirect to (e.g. the site's); absent or empty: any http(s) URL. */
  allowedRedirectOrigins?: string[];
  /** Waits before each retry of a webhook; attempts = length + 1. */
  webhookRetryDelaysMs?: readonly number[];
  clock?: () => Date;
  /** Test-only network faults at start (also changeable later through `SandboxPg.faults`). */
  faults?: Partial<SandboxPgFaults>;
  /** How many charges the PG takes at once (also changeable later through `SandboxPg.pace`). */
  pace?: Partial<SandboxPgPace>;
}

/**
 * Test-only faults of charge requests (`POST /payments/{paymentId}/billing-key`), cancellations and payment
 * reads, for tests of what a client does when it cannot know the outcome. All off by default; counters go down by one
 * per request they hit.
 */
export interface SandboxPgFaults {
  /**
   * How long a charge attempt stays READY (in progress at the card company) before it is decided; a real PG takes
   * about a second (the local stack sets it from SANDBOX_PG_CHARGE_DELAY_MS, sandbox-pg-pace.ts).
   */
  chargeDelayMs: number;
  /** The next N charges are done (charged or declined) and then the connection is cut without an answer. */
  dropChargeAnswers: number;
  /** The next N charge requests are cut before the PG takes them: nothing is charged or recorded. */
  loseChargeRequests: number;
  /** The next N reads of a payment (`GET /payments/{paymentId}`) are cut without an answer (the PG unreachable). */
  dropPaymentReads: number;
  /** The next N cancellations (`POST /payments/{paymentId}/cancel`) are done and then the connection is cut without an answer. */
  dropCancelAnswers: number;
  /** The next N cancellations are refused by the card company (502 `PG_PROVIDER`, e.g. a closed card account): nothing is cancelled. */
  refuseCancels: number;
}

export interface SandboxBillingKey {
  billingKey: string;
  status: 'ISSUED' | 'DELETED';
  issueId: string;
  issueName: string;
  customerId: string;
  /** Masked as PortOne shows it: 424242******4242. */
  cardNumber: string;
  issuedAt: string;
  deletedAt: string | null;
}

export interface SandboxCancellation {
  id: string;
  pgCancellationId: string;
  status: 'SUCCEEDED';
  totalAmount: number;
  reason: string;
  requestedAt: string;
  cancelledAt: string;
}

export type SandboxPaymentStatus = 'READY' | 'PAID' | 'FAILED' | 'PARTIAL_CANCELLED' | 'CANCELLED';

export interface SandboxPayment {
  id: string;
  transactionId: string;
  pgTxId: string | null;
  storeId: string;
  billingKey: string;
  orderName: string;
  customerId: string;
  status: SandboxPaymentStatus;
  amount: { total: number; paid: number; cancelled: number };
  currency: 'KRW';
  requestedAt: string;
  updatedAt: string;
  paidAt: string | null;
  failedAt: string | null;
  cancelledAt: string | null;
  failure: { reason: string; pgCode: string; pgMessage: string } | null;
  cancellations: SandboxCancellation[];
}

export interface SandboxPgState {
  storeId: string;
  webhookUrl: string | null;
  billingKeys: SandboxBillingKey[];
  payments: SandboxPayment[];
  webhooks: WebhookDelivery[];
}

export interface SandboxPg {
  /** Base URL, for the server calls (PG_API_URL) and the browser (PG_PUBLIC_URL). */
  url: string;
  storeId: string;
  state(): SandboxPgState;
  /** The test-only faults now in force (mutable; see SandboxPgFaults). */
  faults: SandboxPgFaults;
  /** The charge pace now in force (mutable; see SandboxPgPace). */
  pace: SandboxPgPace;
  /** The charges in flight now and at most, the 429s answered and the charges taken, since the start or the last reset. */
  chargeLoad(): SandboxPgChargeLoad;
  resetChargeLoad(): void;
  setWebhookUrl(url: string | null): void;
  /**
   * Sends an earlier webhook again with the same webhook-id and body (freshly timestamped and signed), as a
   * PG does when it is unsure the first one arrived; also `POST /api/webhooks/{webhookId}/redeliver`.
   */
  redeliverWebhook(webhookId: string): WebhookDelivery | null;
  /** Resolves when every webhook was delivered or given up (tests). */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

/** Korean texts of the sandbox (it stands in for a Korean PG; these are its words, not the site's). */
export const SANDBOX_PG_MESSAGES = {
  declinedAtIssue: '카드사에서 승인을 거절했어요. 다른 카드로 다시 시도해 주세요.',
  insufficientFunds: '카드 잔액이 부족해 결제하지 못했어요.',
  userCancelled: '카드 등록을 취소했어요.',
  unauthorized: '인증 정보가 올바르지 않습니다.',
  alreadyPaid: '이미 결제가 완료되었거나 진행 중인 결제 건입니다.',
  cancelRefused: '카드사에서 결제 취소를 거절했어요.',
} as const;

const CARD_NUMBER_DIGITS = 16;
/** What a faulted request answers: nothing; the connection is cut (SandboxPgFaults). */
const CUT_CONNECTION = Symbol('cut connection');
const BODY_LIMIT_BYTES = 64 * 1024;

type Json = Record<string, unknown>;
class Problem extends Error {
  constructor(readonly status: number, readonly type: string, message: string, readonly extra: Json = {}) {
    super(message);
  }
}

export async function startSandboxPg(options: SandboxPgOptions): Promise<SandboxPg> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? (() => new Date());
  const nowIso = () => clock().toISOString();
  const billingKeys = new Map<string, SandboxBillingKey & { fullNumber: string }>();
  const byIssueId = new Map<string, string>();
  const payments = new Map<string, SandboxPayment>();
  const faults: SandboxPgFaults = { chargeDelayMs: 0, dropChargeAnswers: 0, loseChargeRequests: 0, dropPaymentReads: 0, dropCancelAnswers: 0, refuseCancels: 0, ...options.faults };
  const chargePace = createChargePace(options.pace);
  let webhookUrl = options.webhookUrl ?? null;
  const webhooks = createWebhookSender({
    url: webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    clock,
  });
  const emit = (type: WebhookEventType, data: Omit<WebhookBody['data'], 'storeId'>) =>
    webhooks.send({ type, timestamp: nowIso(), data: { storeId: options.storeId, ...data } });

  const publicKey = ({ fullNumber: _hidden, ...key }: SandboxBillingKey & { fullNumber: string }): SandboxBillingKey => key;

  // ---- the card rules -------------------------------------------------------------------------------
  function validateCard(form: CardForm): CardErrors {
    const errors: CardErrors = {};
    const digits = form.cardNumber.replace(/[\s-]/g, '');
    if (!digits) errors.cardNumber = '카드 번호를 입력해 주세요.';
    else if (!new RegExp(`^\\d{${CARD_NUMBER_DIGITS}}$`).test(digits)) errors.cardNumber = '카드 번호 16자리를 숫자로 입력해 주세요.';
    else if (!luhn(digits)) errors.cardNumber = '카드 번호가 올바르지 않아요. 다시 확인해 주세요.';
    const expiry = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(form.expiry.trim());
    if (!form.expiry.trim()) errors.expiry = '유효기간을 입력해 주세요.';
    else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = '유효기간을 MM/YY 형식으로 입력해 주세요.';
    else {
      // A card is valid through the last day of its month (Korean time).
      const [year, month] = seoulDate(clock()).split('-').map(Number) as [number, number];
      const current = year * 12 + month - 1;
      if ((2000 + Number(expiry[2])) * 12 + Number(expiry[1]) - 1 < current) errors.expiry = '유효기간이 지난 카드예요.';
    }
    if (!/^\d{6}$/.test(form.birth.trim())) errors.birth = '생년월일 6자리를 숫자로 입력해 주세요. (예: 900101)';
    else if (!validBirth(form.birth.trim())) errors.birth = '생년월일이 올바르지 않아요.';
    if (!/^\d{2}$/.test(form.password.trim())) errors.password = '비밀번호 앞 2자리를 숫자로 입력해 주세요.';
    return errors;
  }

  /** Issues (or, for an issueId seen before, returns) a billing key; a declined card throws. */
  function issue(card: string, params: { issueId: string; issueName: string; customerId: string }): SandboxBillingKey {
    const previous = byIssueId.get(params.issueId);
    if (previous) return publicKey(billingKeys.get(previous)!);
    if (card === TEST_CARDS.declined) throw new Problem(502, 'PG_PROVIDER', SANDBOX_PG_MESSAGES.declinedAtIssue, { pgCode: '05', pgMessage: 'Do not honor' });
    const key = {
      billingKey: `billing-key-${randomUUID()}`,
      status: 'ISSUED' as const,
      issueId: params.issueId,
      issueName: params.issueName,
      customerId: params.customerId,
      cardNumber: `${card.slice(0, 6)}******${card.slice(-4)}`,
      fullNumber: card,
      issuedAt: nowIso(),
      deletedAt: null,
    };
    billingKeys.set(key.billingKey, key);
    byIssueId.set(params.issueId, key.billingKey);
    emit('BillingKey.Issued', { billingKey: key.billingKey });
    return publicKey(key);
  }

  function redirectAllowed(value: string): boolean {
    let target: URL;
    try {
      target = new URL(value);
    } catch {
      return false;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
    const allowed = options.allowedRedirectOrigins ?? [];
    return allowed.length === 0 || allowed.includes(target.origin);
  }

  /** The hosted page's query/form parameters, or the Korean reason they cannot be served. */
  function issueParams(source: URLSearchParams): IssueParams | string {
    const params: IssueParams = {
      storeId: source.get('storeId') ?? '',
      issueId: source.get('issueId') ?? '',
      issueName: source.get('issueName') ?? '',
      customerId: source.get('customerId') ?? '',
      redirectUrl: source.get('redirectUrl') ?? '',
    };
    if (params.storeId !== options.storeId) return '상점 아이디(storeId)가 올바르지 않아요.';
    if (!/^[\w.:-]{1,100}$/.test(params.issueId)) return '발급 요청 아이디(issueId)가 없거나 올바르지 않아요.';
    if (!params.customerId || params.customerId.length > 100) return '고객 아이디(customerId)가 없거나 올바르지 않아요.';
    if (params.issueName.length > 200) return '발급 이름(issueName)이 너무 길어요.';
    if (!redirectAllowed(params.redirectUrl)) return '돌아갈 주소(redirectUrl)가 허용된 http(s) 주소가 아니에요.';
    return params;
  }

  const redirectTo = (base: string, query: Record<string, string>) => {
    const target = new URL(base);
    for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
    return target.toString();
  };

  /** A billing key as PortOne's BillingKeyInfo shows it (single and bulk reads). */
  const keyInfo = (key: SandboxBillingKey) => ({
    billingKey: key.billingKey,
    status: key.status,
    storeId: options.storeId,
    issueId: key.issueId,
    issueName: key.issueName,
    customer: { id: key.customerId },
    methods: [{ type: 'BillingKeyPaymentMethodCard', card: { number: key.cardNumber } }],
    issuedAt: key.issuedAt,
    ...(key.deletedAt ? { deletedAt: key.deletedAt } : {}),
  });

  // ---- payments -------------------------------------------------------------------------------------
  const paymentView = (p: SandboxPayment) => ({
    status: p.status,
    id: p.id,
    transactionId: p.transactionId,
    pgTxId: p.pgTxId,
    storeId: p.storeId,
    billingKey: p.billingKey,
    orderName: p.orderName,
    customer: { id: p.customerId },
    method: { type: 'PaymentMethodCard', card: { number: billingKeys.get(p.billingKey)?.cardNumber ?? null } },
    amount: { ...p.amount },
    currency: p.currency,
    requestedAt: p.requestedAt,
    updatedAt: p.updatedAt,
    statusChangedAt: p.updatedAt,
    paidAt: p.paidAt,
    failedAt: p.failedAt,
    cancelledAt: p.cancelledAt,
    cancellations: p.cancellations.map((c) => ({ ...c })),
    ...(p.failure ? { failure: { ...p.failure } } : {}),
  });

  async function charge(paymentId: string, body: Json) {
    const existing = payments.get(paymentId);
    // PortOne V2: at most one successful attempt per paymentId; a FAILED one may be attempted again, and one
    // in progress (READY) refuses a second attempt meanwhile (header).
    if (existing && existing.status !== 'FAILED') throw new Problem(409, 'ALREADY_PAID', SANDBOX_PG_MESSAGES.alreadyPaid);
    const billingKey = stringField(body, 'billingKey');
    const orderName = stringField(body, 'orderName');
    const amount = (body.amount as Json | undefined)?.total;
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0) throw new Problem(400, 'INVALID_REQUEST', 'amount.total은 1 이상의 정수여야 합니다.');
    if ((body.currency ?? 'KRW') !== 'KRW') throw new Problem(400, 'INVALID_REQUEST', '통화는 KRW만 지원합니다.');
    if (body.storeId !== undefined && body.storeId !== options.storeId) throw new Problem(403, 'FORBIDDEN', '상점 아이디가 올바르지 않습니다.');
    const key = billingKeys.get(billingKey);
    if (!key) throw new Problem(404, 'BILLING_KEY_NOT_FOUND', '빌링키를 찾을 수 없습니다.');
    if (key.status === 'DELETED') throw new Problem(409, 'BILLING_KEY_ALREADY_DELETED', '이미 삭제된 빌링키입니다.');
    const customer = body.customer as Json | undefined;
    const now = nowIso();
    const payment: SandboxPayment = {
      id: paymentId,
      transactionId: randomUUID(),
      pgTxId: null,
      storeId: options.storeId,
      billingKey,
      orderName,
      customerId: typeof customer?.id === 'string' ? customer.id : key.customerId,
      status: 'READY',
      amount: { total: amount as number, paid: 0, cancelled: 0 },
      currency: 'KRW',
      requestedAt: existing?.requestedAt ?? now,
      updatedAt: now,
      paidAt: null,
      failedAt: null,
      cancelledAt: null,
      failure: null,
      cancellations: [],
    };
    payments.set(paymentId, payment);
    // The attempt is with the card company: READY for everyone who looks until it is decided.
    if (faults.chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.chargeDelayMs));
    const decidedAt = nowIso();
    if (key.fullNumber === TEST_CARDS.insufficientFunds) {
      Object.assign(payment, { status: 'FAILED', updatedAt: decidedAt, failedAt: decidedAt, failure: { reason: SANDBOX_PG_MESSAGES.insufficientFunds, pgCode: '51', pgMessage: 'Insufficient funds' } });
      emit('Transaction.Failed', { paymentId, transactionId: payment.transactionId });
      return { status: 502, body: { type: 'PG_PROVIDER', message: SANDBOX_PG_MESSAGES.insufficientFunds, pgCode: '51', pgMessage: 'Insufficient funds' } };
    }
    Object.assign(payment, { status: 'PAID', updatedAt: decidedAt, paidAt: decidedAt, pgTxId: `sandbox-${randomUUID()}`, amount: { total: payment.amount.total, paid: payment.amount.total, cancelled: 0 } });
    emit('Transaction.Paid', { paymentId, transactionId: payment.transactionId });
    return { status: 200, body: { payment: { pgTxId: payment.pgTxId, paidAt: payment.paidAt } } };
  }

  /** `announce` false: the PG's webhook of it is lost (the console's form can do that, for reconciliation to find). */
  function cancel(paymentId: string, body: Json, announce = true) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Problem(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
    const reason = stringField(body, 'reason');
    if (payment.status === 'CANCELLED') throw new Problem(409, 'PAYMENT_ALREADY_CANCELLED', '이미 취소된 결제입니다.');
    if (payment.status !== 'PAID' && payment.status !== 'PARTIAL_CANCELLED') throw new Problem(409, 'PAYMENT_NOT_PAID', '결제가 완료되지 않았습니다.');
    const cancellable = payment.amount.paid - payment.amount.cancelled;
    if (body.currentCancellableAmount !== undefined && body.currentCancellableAmount !== cancellable) {
      throw new Problem(409, 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', '취소 가능 금액이 일치하지 않습니다.', { cancellableAmount: cancellable });
    }
    const amount = body.amount === undefined ? cancellable : body.amount;
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0) throw new Problem(400, 'INVALID_REQUEST', 'amount는 1 이상의 정수여야 합니다.');
    if ((amount as number) > cancellable) throw new Problem(400, 'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT', '취소 금액이 취소 가능 금액을 넘습니다.', { cancellableAmount: cancellable });
    const now = nowIso();
    const cancellation: SandboxCancellation = {
      id: randomUUID(),
      pgCancellationId: `sandbox-cancel-${randomUUID()}`,
      status: 'SUCCEEDED',
      totalAmount: amount as number,
      reason,
      requestedAt: now,
      cancelledAt: now,
    };
    payment.cancellations.push(cancellation);
    payment.amount.cancelled += cancellation.totalAmount;
    payment.status = payment.amount.cancelled === payment.amount.paid ? 'CANCELLED' : 'PARTIAL_CANCELLED';
    payment.updatedAt = now;
    payment.cancelledAt = now;
    if (announce) emit(payment.status === 'CANCELLED' ? 'Transaction.Cancelled' : 'Transaction.PartialCancelled', { paymentId, transactionId: payment.transactionId, cancellationId: cancellation.id });
    return { cancellation: { ...cancellation } };
  }

  // ---- HTTP -----------------------------------------------------------------------------------------
  const authorized = (request: http.IncomingMessage) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`PortOne ${options.apiSecret}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox-pg');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const html = (status: number, page: string) => void response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => void response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(JSON.stringify(body));

    if (method === 'GET' && path === '/') return html(200, overviewPage(snapshot(), { paymentActions: consoleCancelForm, paymentsNote: CONSOLE_CANCEL_NOTE }));
    if (method === 'GET' && path === '/api/state') return json(200, snapshot());
    const redeliver = /^\/api\/webhooks\/([^/]+)\/redeliver$/.exec(path);
    if (method === 'POST' && redeliver) {
      const delivery = webhooks.redeliver(decodeURIComponent(redeliver[1]!));
      return delivery ? json(202, { webhookId: delivery.webhookId }) : json(404, { type: 'WEBHOOK_NOT_FOUND', message: '다시 보낼 웹훅이 없습니다.' });
    }

    const consoleCancel = /^\/console\/payments\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && consoleCancel) {
      const asked = consoleCancelRequest(new URLSearchParams(await readBody(request)));
      if (typeof asked === 'string') return html(400, consoleCancelProblem(asked));
      try {
        cancel(decodeURIComponent(consoleCancel[1]!), { reason: asked.reason, ...(asked.amount === undefined ? {} : { amount: asked.amount }) }, asked.announce);
      } catch (error) {
        if (error instanceof Problem) return html(error.status, consoleCancelProblem(error.message));
        throw error;
      }
      return void response.writeHead(303, { location: '/' }).end();
    }

    if (path === '/billing-keys/issue' && method === 'GET') {
      const params = issueParams(url.searchParams);
      if (typeof params === 'string') return html(400, problemPage('카드 등록을 시작할 수 없어요', params));
      return html(200, cardPage(params));
    }
    if (path === '/billing-keys/issue' && method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const params = issueParams(form);
      if (typeof params === 'string') return html(400, problemPage('카드 등록을 시작할 수 없어요', params));
      const redirect = (query: Record<string, string>) => void response.writeHead(303, { location: redirectTo(params.redirectUrl, { ...query, issueId: params.issueId }) }).end();
      if (form.get('cancel')) return redirect({ code: 'PAY_PROCESS_CANCELED', message: SANDBOX_PG_MESSAGES.userCancelled });
      const card: CardForm = { cardNumber: form.get('cardNumber') ?? '', expiry: form.get('expiry') ?? '', birth: form.get('birth') ?? '', password: form.get('password') ?? '' };
      const errors = validateCard(card);
      if (Object.keys(errors).length > 0) return html(400, cardPage(params, card, errors));
      try {
        const key = issue(card.cardNumber.replace(/[\s-]/g, ''), params);
        return redirect({ billingKey: key.billingKey });
      } catch (error) {
        if (error instanceof Problem) return redirect({ code: 'FAILURE_TYPE_PG', message: error.message });
        throw error;
      }
    }

    if (path.startsWith('/billing-keys') || path.startsWith('/payments')) {
      if (!authorized(request)) return json(401, { type: 'UNAUTHORIZED', message: SANDBOX_PG_MESSAGES.unauthorized });
      try {
        const answer = await api(method, path, request, url.searchParams);
        if (answer === CUT_CONNECTION) return void request.socket.destroy();
        if (answer) return json(answer.status, answer.body, answer.headers);
      } catch (error) {
        if (error instanceof Problem) return json(error.status, { type: error.type, message: error.message, ...error.extra });
        if (error instanceof ListingRequestError) return json(400, { type: 'INVALID_REQUEST', message: error.message });
        throw error;
      }
    }
    json(404, { type: 'NOT_FOUND', message: '없는 경로입니다.' });
  }

  async function api(method: string, path: string, request: http.IncomingMessage, query: URLSearchParams): Promise<{ status: number; body: unknown; headers?: Record<string, string> } | typeof CUT_CONNECTION | null> {
    if (path === '/payments-by-cursor' && method === 'GET') {
      return { status: 200, body: paymentsByCursor(payments.values(), requestBodyOf(query), { storeId: options.storeId, now: clock(), view: paymentView }) };
    }
    if (path === '/billing-keys' && method === 'GET') {
      return { status: 200, body: billingKeyInfos(billingKeys.values(), requestBodyOf(query), { view: keyInfo }) };
    }
    const keyPath = /^\/billing-keys\/([^/]+)$/.exec(path);
    const paymentPath = /^\/payments\/([^/]+)(\/billing-key|\/cancel)?$/.exec(path);
    if (path === '/billing-keys' && method === 'POST') {
      const body = await readJson(request);
      const credential = ((body.method as Json | undefined)?.card as Json | undefined)?.credential as Json | undefined;
      if (!credential) throw new Problem(400, 'INVALID_REQUEST', 'method.card.credential이 필요합니다.');
      if (body.storeId !== undefined && body.storeId !== options.storeId) throw new Problem(403, 'FORBIDDEN', '상점 아이디가 올바르지 않습니다.');
      const card: CardForm = {
        cardNumber: String(credential.number ?? ''),
        expiry: `${String(credential.expiryMonth ?? '')}/${String(credential.expiryYear ?? '')}`,
        birth: String(credential.birthOrBusinessRegistrationNumber ?? ''),
        password: String(credential.passwordTwoDigits ?? ''),
      };
      const errors = Object.values(validateCard(card));
      if (errors.length > 0) throw new Problem(400, 'INVALID_REQUEST', errors.join(' '));
      const customer = body.customer as Json | undefined;
      const issueId = typeof body.issueId === 'string' ? body.issueId : randomUUID();
      const key = issue(card.cardNumber.replace(/[\s-]/g, ''), {
        issueId,
        issueName: typeof body.issueName === 'string' ? body.issueName : '',
        customerId: typeof customer?.id === 'string' ? customer.id : '',
      });
      return { status: 200, body: { billingKeyInfo: { billingKey: key.billingKey, issuedAt: key.issuedAt } } };
    }
    if (keyPath && method === 'GET') {
      const key = billingKeys.get(decodeURIComponent(keyPath[1]!));
      if (!key) throw new Problem(404, 'BILLING_KEY_NOT_FOUND', '빌링키를 찾을 수 없습니다.');
      return { status: 200, body: keyInfo(key) };
    }
    if (keyPath && method === 'DELETE') {
      const key = billingKeys.get(decodeURIComponent(keyPath[1]!));
      if (!key) throw new Problem(404, 'BILLING_KEY_NOT_FOUND', '빌링키를 찾을 수 없습니다.');
      if (key.status === 'DELETED') throw new Problem(409, 'BILLING_KEY_ALREADY_DELETED', '이미 삭제된 빌링키입니다.', { deletedAt: key.deletedAt });
      key.status = 'DELETED';
      key.deletedAt = nowIso();
      emit('BillingKey.Deleted', { billingKey: key.billingKey });
      return { status: 200, body: { deletedAt: key.deletedAt } };
    }
    if (paymentPath) {
      const paymentId = decodeURIComponent(paymentPath[1]!);
      if (!paymentPath[2] && method === 'GET') {
        if (faults.dropPaymentReads > 0) {
          faults.dropPaymentReads -= 1;
          return CUT_CONNECTION;
        }
        const payment = payments.get(paymentId);
        if (!payment) throw new Problem(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
        return { status: 200, body: paymentView(payment) };
      }
      if (paymentPath[2] === '/billing-key' && method === 'POST') {
        const body = await readJson(request);
        if (faults.loseChargeRequests > 0) {
          faults.loseChargeRequests -= 1;
          return CUT_CONNECTION;
        }
        // Too many at once: refused before the PG takes it (nothing recorded under the payment id).
        const limited = chargePace.refuse(paymentId);
        if (limited) return limited;
        const answer = await chargePace.track(paymentId, () => charge(paymentId, body).catch((error: unknown) => {
          if (error instanceof Problem) return { status: error.status, body: { type: error.type, message: error.message, ...error.extra } };
          throw error;
        }));
        if (faults.dropChargeAnswers > 0) {
          faults.dropChargeAnswers -= 1;
          return CUT_CONNECTION;
        }
        return answer;
      }
      if (paymentPath[2] === '/cancel' && method === 'POST') {
        const body = await readJson(request);
        if (faults.refuseCancels > 0) {
          faults.refuseCancels -= 1;
          return { status: 502, body: { type: 'PG_PROVIDER', message: SANDBOX_PG_MESSAGES.cancelRefused, pgCode: '96', pgMessage: 'Cancellation refused' } };
        }
        const answer = { status: 200, body: cancel(paymentId, body) };
        if (faults.dropCancelAnswers > 0) {
          faults.dropCancelAnswers -= 1;
          return CUT_CONNECTION;
        }
        return answer;
      }
    }
    return null;
  }

  function snapshot(): SandboxPgState {
    return {
      storeId: options.storeId,
      webhookUrl,
      billingKeys: [...billingKeys.values()].reverse().map(publicKey),
      payments: [...payments.values()].reverse().map((p) => ({ ...p, amount: { ...p.amount }, cancellations: p.cancellations.map((c) => ({ ...c })) })),
      webhooks: webhooks.deliveries(),
    };
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (response.headersSent) return;
      const problem = error instanceof Problem ? error : new Problem(500, 'INTERNAL', error.message);
      response.writeHead(problem.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ type: problem.type, message: problem.message }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    storeId: options.storeId,
    state: snapshot,
    faults,
    pace: chargePace.pace,
    chargeLoad: chargePace.load,
    resetChargeLoad: chargePace.resetLoad,
    setWebhookUrl(next) {
      webhookUrl = next;
      webhooks.setUrl(next);
    },
    redeliverWebhook: (webhookId) => webhooks.redeliver(webhookId),
    webhooksSettled: () => webhooks.settled(),
    close: () => new Promise<void>((resolve) => {
      webhooks.close();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * Fills the hosted card page the way a person would (tests of the services and of the stack, no browser):
 * opens `issueUrl` (the page address the site sent the member to), submits `card` and returns where the
 * sandbox redirected: `?billingKey=&issueId=` on success, `?code=&message=&issueId=` on failure.
 */
export async function submitHostedCardPage(issueUrl: string, card: string = TEST_CARDS.ok): Promise<URL> {
  const page = new URL(issueUrl);
  const opened = await fetch(page);
  if (!opened.ok) throw new Error(`the card page answered ${opened.status}: ${await opened.text()}`);
  const form = new URLSearchParams(page.searchParams);
  const expiry = `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`;
  for (const [name, value] of Object.entries({ cardNumber: card, expiry, birth: '900101', password: '12' })) form.set(name, value);
  const answer = await fetch(new URL('/billing-keys/issue', page), { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) throw new Error(`the card page did not redirect (${answer.status}): ${await answer.text()}`);
  return new URL(location);
}

function stringField(body: Json, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || !value.trim()) throw new Problem(400, 'INVALID_REQUEST', `${name}이(가) 필요합니다.`);
  return value;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += (chunk as Buffer).toString();
    if (body.length > BODY_LIMIT_BYTES) throw new Problem(413, 'INVALID_REQUEST', '요청 본문이 너무 큽니다.');
  }
  return body;
}

async function readJson(request: http.IncomingMessage): Promise<Json> {
  const text = await readBody(request);
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // answered below
  }
  throw new Problem(400, 'INVALID_REQUEST', '요청 본문이 올바른 JSON이 아닙니다.');
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function validBirth(value: string): boolean {
  const [yy, mm, dd] = [value.slice(0, 2), value.slice(2, 4), value.slice(4, 6)].map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000 + yy, mm - 1, dd));
  return date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd;
}
