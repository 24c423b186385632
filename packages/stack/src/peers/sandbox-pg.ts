import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCards } from './sandbox-pg/cards';
import { createChargePace } from './sandbox-pg/pace';
import { TEST_CARDS } from './sandbox-pg/pages';
import { createPayments } from './sandbox-pg/payments';
import { createRoutes } from './sandbox-pg/routes';
import { createServerApi } from './sandbox-pg/server-api';
import {
  Problem,
  type SandboxPayment,
  type SandboxPg,
  type SandboxPgFaults,
  type SandboxPgOptions,
  type SandboxPgState,
  type SandboxPgStore,
  type StoredBillingKey,
} from './sandbox-pg/types';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, createWebhookSender } from './sandbox-pg/webhooks';

export { TEST_CARDS } from './sandbox-pg/pages';
export { readSandboxPgPace, type SandboxPgChargeLoad, type SandboxPgPace } from './sandbox-pg/pace';
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  generateWebhookSecret,
  signWebhook,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookEventType,
} from './sandbox-pg/webhooks';
export {
  SANDBOX_PG_MESSAGES,
  type SandboxBillingKey,
  type SandboxCancellation,
  type SandboxPayment,
  type SandboxPaymentStatus,
  type SandboxPg,
  type SandboxPgFaults,
  type SandboxPgOptions,
  type SandboxPgState,
} from './sandbox-pg/types';

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
 * Its parts (sandbox-pg/): cards.ts (card rules, billing keys), payments.ts (charges, cancellations),
 * server-api.ts (the secret-guarded API and its faults), routes.ts (HTTP), pages.ts and listings.ts (HTML, bulk
 * reads, the console), webhooks.ts, pace.ts; types.ts holds the shapes they share.
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
export async function startSandboxPg(options: SandboxPgOptions): Promise<SandboxPg> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? (() => new Date());
  const nowIso = () => clock().toISOString();
  const faults: SandboxPgFaults = {
    chargeDelayMs: 0,
    dropChargeAnswers: 0,
    loseChargeRequests: 0,
    dropPaymentReads: 0,
    dropCancelAnswers: 0,
    refuseCancels: 0,
    ...options.faults,
  };
  const chargePace = createChargePace(options.pace);
  let webhookUrl = options.webhookUrl ?? null;
  const webhooks = createWebhookSender({
    url: webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    clock,
  });
  const store: SandboxPgStore = {
    options,
    clock,
    nowIso,
    billingKeys: new Map<string, StoredBillingKey>(),
    byIssueId: new Map<string, string>(),
    payments: new Map<string, SandboxPayment>(),
    faults,
    emit: (type, data) => webhooks.send({ type, timestamp: nowIso(), data: { storeId: options.storeId, ...data } }),
  };
  const cards = createCards(store);
  const payments = createPayments(store);
  const api = createServerApi(store, { cards, payments, chargePace });
  const handle = createRoutes(store, {
    cards,
    payments,
    api,
    snapshot,
    redeliver: (webhookId) => webhooks.redeliver(webhookId),
  });

  function snapshot(): SandboxPgState {
    return {
      storeId: options.storeId,
      webhookUrl,
      billingKeys: [...store.billingKeys.values()].reverse().map(cards.publicKey),
      payments: [...store.payments.values()]
        .reverse()
        .map((p) => ({ ...p, amount: { ...p.amount }, cancellations: p.cancellations.map((c) => ({ ...c })) })),
      webhooks: webhooks.deliveries(),
    };
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (response.headersSent) return;
      const problem = error instanceof Problem ? error : new Problem(500, 'INTERNAL', error.message);
      response
        .writeHead(problem.status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ type: problem.type, message: problem.message }));
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
    close: () =>
      new Promise<void>((resolve) => {
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
  for (const [name, value] of Object.entries({ cardNumber: card, expiry, birth: '900101', password: '12' }))
    form.set(name, value);
  const answer = await fetch(new URL('/billing-keys/issue', page), { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location)
    throw new Error(`the card page did not redirect (${answer.status}): ${await answer.text()}`);
  return new URL(location);
}
