import type { Identity } from '@sq/contracts';
import type {
  ApplicationDetail,
  ApplicationDraft,
  BookResponse,
  PaymentConfirmResponse,
} from '@sq/contracts/api/applications';
import type { ApplyStack } from './apply-stack';
import { PRODUCT_ANSWERS, TEST_CARDS, asideAnswers, requiredAnswers } from './apply-stack';

type Kind = keyof typeof PRODUCT_ANSWERS | 'GENERIC';
/** Answers that replace the defaults of a step. */
type AnswerOverrides = { required?: Record<string, unknown>; aside?: Record<string, unknown> };

/** What a member's browser does through the gateway, as calls on the programs service. */
export function memberClient(stack: ApplyStack, identity: Identity) {
  const headers = stack.programs.as(identity);
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    stack.programs.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    identity,
    inject,
    startDraft: (oddId: number) => inject('POST', `/api/apply/${oddId}/draft`),
    saveStep: (oddId: number, step: string, body: unknown) => inject('PUT', `/api/apply/${oddId}/steps/${step}`, body),
    book: (oddId: number, device: 'desktop' | 'mobile' = 'desktop') =>
      inject('POST', `/api/apply/${oddId}/book`, {
        agreeTerms: true,
        agreePrivacy: true,
        agreeRefundPolicy: true,
        device,
      }),
    confirm: (oddId: number, query: Record<string, string>) =>
      inject('POST', `/api/apply/${oddId}/payment/confirm`, query),
    history: () => inject('GET', '/api/join/history'),
    detail: async (joinId: number) => await inject('POST', '/api/join/history/one', { joinId }),
    cancel: (joinId: number, reason?: string) =>
      inject('POST', `/api/applications/${joinId}/cancel`, reason ? { reason } : {}),

    /** Fills every answer step of the flow in order; returns the draft. */
    async fillAnswers(oddId: number, kind: Kind, overrides: AnswerOverrides = {}): Promise<ApplicationDraft> {
      const started = await inject('POST', `/api/apply/${oddId}/draft`);
      if (started.statusCode >= 300) throw new Error(`draft: ${started.statusCode} ${started.body}`);
      const role = kind === 'COURSE' ? 'PLANNER' : 'DEVELOPER';
      const steps: [string, unknown][] = [
        [
          'required',
          requiredAnswers({
            role,
            ...(role === 'PLANNER' ? { jobGroup: 'JG_PLAN', position: 'POS_PM' } : {}),
            ...overrides.required,
          }),
        ],
        ['aside', asideAnswers(overrides.aside)],
      ];
      if (kind !== 'GENERIC') steps.push(['product', PRODUCT_ANSWERS[kind]]);
      let draft: ApplicationDraft | null = null;
      for (const [step, body] of steps) {
        const saved = await inject('PUT', `/api/apply/${oddId}/steps/${step}`, body);
        if (saved.statusCode !== 200) throw new Error(`${step}: ${saved.statusCode} ${saved.body}`);
        draft = saved.json().draft;
      }
      return draft!;
    },

    /** The hosted card page as a person uses it: open it, type the card, follow the redirect's query. */
    async payOnCardPage(bookResponse: BookResponse, card: string = TEST_CARDS.ok): Promise<Record<string, string>> {
      const page = await fetch(bookResponse.payment.paymentPageUrl);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('카드 번호')) throw new Error(`card page: ${page.status}`);
      const form = new URLSearchParams(new URL(bookResponse.payment.paymentPageUrl).searchParams);
      form.set('cardNumber', card);
      form.set('expiry', '12/30');
      form.set('birth', '900101');
      form.set('password', '12');
      const submitted = await fetch(new URL('/billing-keys/issue', bookResponse.payment.paymentPageUrl), {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const location = submitted.headers.get('location');
      if (submitted.status !== 303 || !location) throw new Error(`card submit: ${submitted.status}`);
      const back = new URL(location);
      if (!location.startsWith(bookResponse.payment.redirectUrl)) throw new Error(`redirected elsewhere: ${location}`);
      return Object.fromEntries(back.searchParams);
    },

    /** Every step, the card page and the confirm; returns the confirm answer. */
    async applyAndPay(
      oddId: number,
      kind: Kind,
      card: string = TEST_CARDS.ok,
      overrides: AnswerOverrides = {},
    ): Promise<PaymentConfirmResponse> {
      await this.fillAnswers(oddId, kind, overrides);
      const booked = await this.book(oddId);
      if (booked.statusCode !== 200) throw new Error(`book: ${booked.statusCode} ${booked.body}`);
      const query = await this.payOnCardPage(booked.json(), card);
      const confirmed = await this.confirm(oddId, query);
      if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
      return confirmed.json();
    },

    async detailOf(joinId: number): Promise<ApplicationDetail> {
      const response = await inject('POST', '/api/join/history/one', { joinId });
      if (response.statusCode !== 200) throw new Error(`detail: ${response.statusCode} ${response.body}`);
      return response.json().application;
    },
  };
}
