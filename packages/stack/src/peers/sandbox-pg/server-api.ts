import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Cards } from './cards';
import { readJson } from './http-io';
import { billingKeyInfos, paymentsByCursor, requestBodyOf } from './listings';
import type { ChargePace } from './pace';
import type { CardForm } from './pages';
import type { Payments } from './payments';
import { Problem, SANDBOX_PG_MESSAGES, type Json, type SandboxPgFaults, type SandboxPgStore } from './types';

/** What a faulted request answers: nothing; the connection is cut (SandboxPgFaults). */
export const CUT_CONNECTION = Symbol('cut connection');

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type CountedFault = Exclude<keyof SandboxPgFaults, 'chargeDelayMs'>;

/** Whether the next request hits this fault (each fault counts down by one per request it hits). */
function takeFault(faults: SandboxPgFaults, fault: CountedFault): boolean {
  if (faults[fault] <= 0) return false;
  faults[fault] -= 1;
  return true;
}

/**
 * The PG's server API (`Authorization: PortOne <apiSecret>`, checked by the routes): billing keys, charges,
 * cancellations, the bulk reads, and the test-only faults on the way. Null: no such operation.
 */
export function createServerApi(
  store: SandboxPgStore,
  parts: { cards: Cards; payments: Payments; chargePace: ChargePace },
) {
  const { options, faults, clock } = store;
  const { cards, payments, chargePace } = parts;
  return async function api(
    method: string,
    path: string,
    request: http.IncomingMessage,
    query: URLSearchParams,
  ): Promise<ApiAnswer | typeof CUT_CONNECTION | null> {
    if (path === '/payments-by-cursor' && method === 'GET') {
      return {
        status: 200,
        body: paymentsByCursor(store.payments.values(), requestBodyOf(query), {
          storeId: options.storeId,
          now: clock(),
          view: payments.paymentView,
        }),
      };
    }
    if (path === '/billing-keys' && method === 'GET') {
      return {
        status: 200,
        body: billingKeyInfos(store.billingKeys.values(), requestBodyOf(query), { view: cards.keyInfo }),
      };
    }
    const keyPath = /^\/billing-keys\/([^/]+)$/.exec(path);
    const paymentPath = /^\/payments\/([^/]+)(\/billing-key|\/cancel)?$/.exec(path);
    if (path === '/billing-keys' && method === 'POST') {
      const body = await readJson(request);
      const credential = ((body.method as Json | undefined)?.card as Json | undefined)?.credential as Json | undefined;
      if (!credential) throw new Problem(400, 'INVALID_REQUEST', 'method.card.credential이 필요합니다.');
      if (body.storeId !== undefined && body.storeId !== options.storeId)
        throw new Problem(403, 'FORBIDDEN', '상점 아이디가 올바르지 않습니다.');
      const card: CardForm = {
        cardNumber: String(credential.number ?? ''),
        expiry: `${String(credential.expiryMonth ?? '')}/${String(credential.expiryYear ?? '')}`,
        birth: String(credential.birthOrBusinessRegistrationNumber ?? ''),
        password: String(credential.passwordTwoDigits ?? ''),
      };
      const errors = Object.values(cards.validateCard(card));
      if (errors.length > 0) throw new Problem(400, 'INVALID_REQUEST', errors.join(' '));
      const customer = body.customer as Json | undefined;
      const issueId = typeof body.issueId === 'string' ? body.issueId : randomUUID();
      const key = cards.issue(card.cardNumber.replace(/[\s-]/g, ''), {
        issueId,
        issueName: typeof body.issueName === 'string' ? body.issueName : '',
        customerId: typeof customer?.id === 'string' ? customer.id : '',
      });
      return { status: 200, body: { billingKeyInfo: { billingKey: key.billingKey, issuedAt: key.issuedAt } } };
    }
    if (keyPath && method === 'GET') {
      const key = store.billingKeys.get(decodeURIComponent(keyPath[1]!));
      if (!key) throw new Problem(404, 'BILLING_KEY_NOT_FOUND', '빌링키를 찾을 수 없습니다.');
      return { status: 200, body: cards.keyInfo(key) };
    }
    if (keyPath && method === 'DELETE') return { status: 200, body: cards.deleteKey(decodeURIComponent(keyPath[1]!)) };
    if (paymentPath) {
      const paymentId = decodeURIComponent(paymentPath[1]!);
      if (!paymentPath[2] && method === 'GET') {
        if (takeFault(faults, 'dropPaymentReads')) return CUT_CONNECTION;
        const payment = store.payments.get(paymentId);
        if (!payment) throw new Problem(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
        return { status: 200, body: payments.paymentView(payment) };
      }
      if (paymentPath[2] === '/billing-key' && method === 'POST') {
        const body = await readJson(request);
        if (takeFault(faults, 'loseChargeRequests')) return CUT_CONNECTION;
        // Too many at once: refused before the PG takes it (nothing recorded under the payment id).
        const limited = chargePace.refuse(paymentId);
        if (limited) return limited;
        const answer = await chargePace.track(paymentId, () =>
          payments.charge(paymentId, body).catch((error: unknown) => {
            if (error instanceof Problem)
              return { status: error.status, body: { type: error.type, message: error.message, ...error.extra } };
            throw error;
          }),
        );
        if (takeFault(faults, 'dropChargeAnswers')) return CUT_CONNECTION;
        return answer;
      }
      if (paymentPath[2] === '/cancel' && method === 'POST') {
        const body = await readJson(request);
        if (takeFault(faults, 'refuseCancels')) {
          return {
            status: 502,
            body: {
              type: 'PG_PROVIDER',
              message: SANDBOX_PG_MESSAGES.cancelRefused,
              pgCode: '96',
              pgMessage: 'Cancellation refused',
            },
          };
        }
        const answer = { status: 200, body: payments.cancel(paymentId, body) };
        if (takeFault(faults, 'dropCancelAnswers')) return CUT_CONNECTION;
        return answer;
      }
    }
    return null;
  };
}
