import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Cards } from './cards';
import { readBody } from './http-io';
import {
  CONSOLE_CANCEL_NOTE,
  ListingRequestError,
  consoleCancelForm,
  consoleCancelProblem,
  consoleCancelRequest,
} from './listings';
import { cardPage, overviewPage, problemPage, type CardForm } from './pages';
import type { Payments } from './payments';
import { CUT_CONNECTION, type createServerApi } from './server-api';
import { Problem, SANDBOX_PG_MESSAGES, type SandboxPgState, type SandboxPgStore } from './types';
import type { WebhookDelivery } from './webhooks';

const redirectTo = (base: string, query: Record<string, string>) => {
  const target = new URL(base);
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
  return target.toString();
};

/**
 * The sandbox's HTTP routes: the people's pages (overview, state, webhook redelivery, the console's cancellation),
 * the browser's hosted card page, and the server API behind its secret.
 */
export function createRoutes(
  store: SandboxPgStore,
  parts: {
    cards: Cards;
    payments: Payments;
    api: ReturnType<typeof createServerApi>;
    snapshot(): SandboxPgState;
    redeliver(webhookId: string): WebhookDelivery | null;
  },
) {
  const authorized = (request: http.IncomingMessage) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`PortOne ${store.options.apiSecret}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  return async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox-pg');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const html = (status: number, page: string) =>
      void response
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      void response
        .writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...headers,
        })
        .end(JSON.stringify(body));

    if (method === 'GET' && path === '/')
      return html(
        200,
        overviewPage(parts.snapshot(), { paymentActions: consoleCancelForm, paymentsNote: CONSOLE_CANCEL_NOTE }),
      );
    if (method === 'GET' && path === '/api/state') return json(200, parts.snapshot());
    const redeliver = /^\/api\/webhooks\/([^/]+)\/redeliver$/.exec(path);
    if (method === 'POST' && redeliver) {
      const delivery = parts.redeliver(decodeURIComponent(redeliver[1]!));
      return delivery
        ? json(202, { webhookId: delivery.webhookId })
        : json(404, { type: 'WEBHOOK_NOT_FOUND', message: '다시 보낼 웹훅이 없습니다.' });
    }

    const consoleCancel = /^\/console\/payments\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && consoleCancel) {
      const asked = consoleCancelRequest(new URLSearchParams(await readBody(request)));
      if (typeof asked === 'string') return html(400, consoleCancelProblem(asked));
      try {
        parts.payments.cancel(
          decodeURIComponent(consoleCancel[1]!),
          { reason: asked.reason, ...(asked.amount === undefined ? {} : { amount: asked.amount }) },
          asked.announce,
        );
      } catch (error) {
        if (error instanceof Problem) return html(error.status, consoleCancelProblem(error.message));
        throw error;
      }
      return void response.writeHead(303, { location: '/' }).end();
    }

    if (path === '/billing-keys/issue' && method === 'GET') {
      const params = parts.cards.issueParams(url.searchParams);
      if (typeof params === 'string') return html(400, problemPage('카드 등록을 시작할 수 없어요', params));
      return html(200, cardPage(params));
    }
    if (path === '/billing-keys/issue' && method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const params = parts.cards.issueParams(form);
      if (typeof params === 'string') return html(400, problemPage('카드 등록을 시작할 수 없어요', params));
      const redirect = (query: Record<string, string>) =>
        void response
          .writeHead(303, { location: redirectTo(params.redirectUrl, { ...query, issueId: params.issueId }) })
          .end();
      if (form.get('cancel'))
        return redirect({ code: 'PAY_PROCESS_CANCELED', message: SANDBOX_PG_MESSAGES.userCancelled });
      const card: CardForm = {
        cardNumber: form.get('cardNumber') ?? '',
        expiry: form.get('expiry') ?? '',
        birth: form.get('birth') ?? '',
        password: form.get('password') ?? '',
      };
      const errors = parts.cards.validateCard(card);
      if (Object.keys(errors).length > 0) return html(400, cardPage(params, card, errors));
      try {
        const key = parts.cards.issue(card.cardNumber.replace(/[\s-]/g, ''), params);
        return redirect({ billingKey: key.billingKey });
      } catch (error) {
        if (error instanceof Problem) return redirect({ code: 'FAILURE_TYPE_PG', message: error.message });
        throw error;
      }
    }

    if (path.startsWith('/billing-keys') || path.startsWith('/payments')) {
      if (!authorized(request)) return json(401, { type: 'UNAUTHORIZED', message: SANDBOX_PG_MESSAGES.unauthorized });
      try {
        const answer = await parts.api(method, path, request, url.searchParams);
        if (answer === CUT_CONNECTION) return void request.socket.destroy();
        if (answer) return json(answer.status, answer.body, answer.headers);
      } catch (error) {
        if (error instanceof Problem)
          return json(error.status, { type: error.type, message: error.message, ...error.extra });
        if (error instanceof ListingRequestError) return json(400, { type: 'INVALID_REQUEST', message: error.message });
        throw error;
      }
    }
    json(404, { type: 'NOT_FOUND', message: '없는 경로입니다.' });
  };
}
