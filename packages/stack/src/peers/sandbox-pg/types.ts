import type { SandboxPgChargeLoad, SandboxPgPace } from './pace';
import type { WebhookBody, WebhookDelivery, WebhookEventType } from './webhooks';

/** The sandbox PG's shapes: its options, faults, records and handle (the whole PG: ../sandbox-pg.ts). */
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

/** A refusal the PG answers with its status, PortOne error `type` and Korean message (and extra fields). */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

export type Json = Record<string, unknown>;

/** A billing key with the card's whole number, which only the sandbox's own rules see (the test cards' outcomes). */
export type StoredBillingKey = SandboxBillingKey & { fullNumber: string };

/** What the sandbox holds while it runs, shared by its parts (cards, payments, the HTTP routes). */
export interface SandboxPgStore {
  options: SandboxPgOptions;
  clock: () => Date;
  nowIso: () => string;
  billingKeys: Map<string, StoredBillingKey>;
  byIssueId: Map<string, string>;
  payments: Map<string, SandboxPayment>;
  faults: SandboxPgFaults;
  /** Announces a change by webhook (sandbox-pg/webhooks.ts). */
  emit(type: WebhookEventType, data: Omit<WebhookBody['data'], 'storeId'>): void;
}
