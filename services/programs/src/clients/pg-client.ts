import type { ProgramsConfig } from '../config';

/**
 * The PG's server API (PortOne V2 shapes; the local peer is packages/stack/src/peers/sandbox-pg.ts). Every
 * call carries `Authorization: PortOne <secret>`. Answers are read, never the browser's word.
 */
export interface PgBillingKey {
  billingKey: string;
  status: 'ISSUED' | 'DELETED';
  issueId: string;
  customer: { id: string };
  methods?: { type: string; card?: { number?: string } }[];
  issuedAt: string;
}

export type PgPaymentStatus = 'READY' | 'PAID' | 'FAILED' | 'PARTIAL_CANCELLED' | 'CANCELLED';
export interface PgPayment {
  status: PgPaymentStatus;
  id: string;
  transactionId?: string;
  billingKey?: string;
  amount: { total: number; paid: number; cancelled: number };
  currency: string;
  paidAt: string | null;
  /** When the payment was first asked for (the bulk read's window is on it). */
  requestedAt?: string;
  cancellations?: { id: string; status: string; totalAmount: number; cancelledAt: string; reason?: string }[];
  failure?: { reason: string } | null;
}

/** The PG answered with an error body (`{ type, message }`). */
export class PgError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'PgError';
  }
}
/** The PG could not be reached or timed out: nothing is known about the outcome. */
export class PgUnavailableError extends Error {
  constructor(cause: unknown) {
    super('PG unavailable', { cause });
    this.name = 'PgUnavailableError';
  }
}

/**
 * How long a 429's `Retry-After` asks to wait (RFC 9110 section 10.2.3: delay-seconds or an HTTP date), or null
 * when it is absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPgClient(config: ProgramsConfig['pg']) {
  const { retries, backoffMs, maxWaitMs } = config.rateLimit;
  /**
   * Until when the PG asked us to hold back (its last 429): every call of this client waits until then, so the
   * charges in flight beside the refused one back off with it instead of meeting the same limit.
   */
  let resumeAt = 0;

  /**
   * Sends one request; a 429 (the PG took nothing) is sent again once its Retry-After has passed (else after
   * PG_RATE_LIMIT_BACKOFF_MS, doubled each time), up to PG_RATE_LIMIT_RETRIES times. A wait longer than
   * PG_RATE_LIMIT_MAX_WAIT_MS, or the retries spent, end as PgUnavailableError: nothing was done, and the caller
   * leaves the work to its retry (a charge stays PENDING for the repair job, which asks with the same payment id).
   */
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      // Another call's 429 may move the time on while this one waits.
      while (resumeAt > Date.now()) await sleep(resumeAt - Date.now());
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `PortOne ${config.apiSecret}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        throw new PgUnavailableError(error);
      }
      if (response.status !== 429) return response;
      await response.body?.cancel();
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs * 2 ** attempt;
      if (attempt >= retries || wait > maxWaitMs)
        throw new PgUnavailableError(
          new Error(`PG 429 on ${method} ${path} (retry after ${wait} ms, attempt ${attempt + 1})`),
        );
      resumeAt = Math.max(resumeAt, Date.now() + wait);
    }
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await send(method, path, body);
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      if (response.ok) throw new PgUnavailableError(new Error(`unreadable PG answer to ${method} ${path}`));
    }
    if (!response.ok) {
      // 502 PG_PROVIDER is an answer (the card company's error, PortOne's PgProviderError), not an outage.
      if (response.status >= 500 && json.type !== 'PG_PROVIDER')
        throw new PgUnavailableError(new Error(`PG ${response.status} on ${method} ${path}`));
      throw new PgError(response.status, String(json.type ?? 'UNKNOWN'), String(json.message ?? ''));
    }
    return json as T;
  }
  const segment = encodeURIComponent;
  // PortOne V2 takes a GET's input as the `requestBody` query parameter (JSON).
  const requestBody = (body: unknown) => new URLSearchParams({ requestBody: JSON.stringify(body) }).toString();

  return {
    storeId: config.storeId,
    /** How long a charger waits for an attempt the PG shows in progress (config.ts, PG_CHARGE_SETTLE_*). */
    chargeSettle: { waitMs: config.chargeSettleWaitMs, pollMs: config.chargeSettlePollMs },
    /** The browser-facing hosted card page for one issue. */
    issuePageUrl(params: { issueId: string; issueName: string; customerId: string; redirectUrl: string }): string {
      const query = new URLSearchParams({ storeId: config.storeId, ...params });
      return `${config.publicUrl}/billing-keys/issue?${query.toString()}`;
    },
    getBillingKey: (billingKey: string) => call<PgBillingKey>('GET', `/billing-keys/${segment(billingKey)}`),
    deleteBillingKey: (billingKey: string) =>
      call<{ deletedAt: string }>('DELETE', `/billing-keys/${segment(billingKey)}`),
    /**
     * payWithBillingKey. Its answer is only trusted when it is a success: an error of any status, or none at
     * all, says nothing certain about the payment (409 ALREADY_PAID also comes while another attempt is in
     * progress, 502 PG_PROVIDER is a refusal), so the caller reads `getPayment` (payments/charges.ts).
     */
    chargeWithBillingKey: (
      paymentId: string,
      body: {
        billingKey: string;
        orderName: string;
        amount: { total: number };
        currency: 'KRW';
        customer: { id: string };
      },
    ) =>
      call<{ payment: { pgTxId: string; paidAt: string } }>(
        'POST',
        `/payments/${segment(paymentId)}/billing-key`,
        body,
      ),
    getPayment: (paymentId: string) => call<PgPayment>('GET', `/payments/${segment(paymentId)}`),
    /** 결제 대용량 다건 조회: payments created in [from, until), a page after `cursor` (the last item's); empty at the end. */
    paymentsByCursor: (body: { from: string; until: string; cursor?: string; size: number }) =>
      call<{ items: { payment: PgPayment; cursor: string }[] }>(
        'GET',
        `/payments-by-cursor?${requestBody({ storeId: config.storeId, ...body })}`,
      ),
    /** 빌링키 다건 조회, one page (number from 0). */
    billingKeyInfos: (body: {
      page: { number: number; size: number };
      filter?: { status?: PgBillingKey['status'][] };
    }) =>
      call<{ items: PgBillingKey[]; page: { number: number; size: number; totalCount: number } }>(
        'GET',
        `/billing-keys?${requestBody(body)}`,
      ),
    cancelPayment: (paymentId: string, body: { amount: number; reason: string; currentCancellableAmount: number }) =>
      call<{ cancellation: { id: string; status: string; totalAmount: number; cancelledAt: string } }>(
        'POST',
        `/payments/${segment(paymentId)}/cancel`,
        body,
      ),
  };
}

export type PgClient = ReturnType<typeof createPgClient>;
