import { seoulClock } from '@sq/contracts/seoul';
import type { SandboxBillingKey, SandboxPayment } from './types';
import type { WebhookDelivery } from './webhooks';

/** HTML of the sandbox PG: the hosted card page a member sees, and the overview a developer reads. */

export const TEST_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export interface CardForm {
  cardNumber: string;
  expiry: string;
  birth: string;
  password: string;
}

export type CardErrors = Partial<Record<keyof CardForm, string>>;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `body{font-family:system-ui,'Noto Sans KR',sans-serif;margin:0;color:#1f2328;background:#f6f7f9}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}p.note{color:#57606a;font-size:13px;margin:4px 0 16px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
input{width:100%;box-sizing:border-box;padding:10px 12px;font-size:16px;border:1px solid #d0d7de;border-radius:8px}
input[aria-invalid=true]{border-color:#cf222e}.error{color:#cf222e;font-size:13px;margin:6px 0 0}
.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;padding:12px;margin-top:20px;font-size:16px;border:0;border-radius:8px;background:#0969da;color:#fff;cursor:pointer}
button.secondary{background:#eaeef2;color:#1f2328;margin-top:8px}
.cards{font-size:13px;background:#f6f8fa;border-radius:8px;padding:10px 14px;margin-top:20px}.cards code{font-size:13px}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}`;

export interface IssueParams {
  storeId: string;
  issueId: string;
  issueName: string;
  customerId: string;
  redirectUrl: string;
}

export function cardPage(params: IssueParams, form: Partial<CardForm> = {}, errors: CardErrors = {}): string {
  const hidden = (Object.keys(params) as (keyof IssueParams)[])
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name])}">`)
    .join('');
  const field = (name: keyof CardForm, label: string, attrs: string) => {
    const error = errors[name];
    const value = name === 'password' ? '' : (form[name] ?? '');
    return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${error ? `<p class="error" id="${name}-error" role="alert">${escapeHtml(error)}</p>` : ''}</div>`;
  };
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>카드 등록 - 결제 샌드박스</title><style>${STYLE}</style></head><body><main>
<h1>카드 등록</h1><p class="note">${escapeHtml(params.issueName || '정기 결제용 카드 등록')}<br>개발용 결제 샌드박스입니다. 실제로 결제되지 않아요.</p>
<form method="post" action="/billing-keys/issue" novalidate>${hidden}
${field('cardNumber', '카드 번호', 'inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" maxlength="23"')}
<div class="row">${field('expiry', '유효기간', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="5"')}
${field('birth', '생년월일 6자리', 'inputmode="numeric" placeholder="예: 900101" maxlength="6"')}</div>
${field('password', '비밀번호 앞 2자리', 'type="password" inputmode="numeric" autocomplete="off" placeholder="**" maxlength="2"')}
<button type="submit">카드 등록하기</button><button class="secondary" type="submit" name="cancel" value="1" formnovalidate>취소</button>
</form>
<div class="cards"><strong>테스트 카드</strong> (유효기간은 지나지 않은 아무 날짜, 생년월일·비밀번호는 아무 숫자)<ul>
<li><code>4242 4242 4242 4242</code> 승인</li>
<li><code>4000 0000 0000 0002</code> 카드 등록 거절</li>
<li><code>4000 0000 0000 9995</code> 결제 시 잔액 부족</li></ul></div>
</main></body></html>`;
}

export function problemPage(title: string, message: string): string {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p></main></body></html>`;
}

const PAYMENT_STATUS_NAMES: Record<SandboxPayment['status'], string> = {
  READY: '결제 대기',
  PAID: '결제 완료',
  FAILED: '결제 실패',
  PARTIAL_CANCELLED: '부분 환불',
  CANCELLED: '전액 환불',
};

const DELIVERY_STATE_NAMES: Record<WebhookDelivery['state'], string> = {
  PENDING: '재시도 대기',
  DELIVERED: '전달됨',
  GAVE_UP: '전달 실패(중단)',
  NO_URL: '웹훅 주소 없음',
};

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
const time = (iso: string | null) => (iso ? escapeHtml(seoulClock(iso).replace('T', ' ').slice(0, 19)) : '-');

/** What the PG's console lets its operator do on a payment (the form per row, the note above the table). */
export interface ConsoleActions {
  paymentActions(p: SandboxPayment): string;
  paymentsNote: string;
}

/** GET /: what was reserved (billing keys), charged and refunded (payments, with the console's actions), and the webhooks sent. */
export function overviewPage(
  input: {
    storeId: string;
    webhookUrl: string | null;
    billingKeys: SandboxBillingKey[];
    payments: SandboxPayment[];
    webhooks: WebhookDelivery[];
  },
  actions: ConsoleActions,
): string {
  const keys = input.billingKeys
    .map(
      (k) =>
        `<tr><td><code>${escapeHtml(k.billingKey)}</code></td><td>${k.status === 'ISSUED' ? '예약 중(발급됨)' : '해제됨(삭제됨)'}</td><td>${escapeHtml(k.customerId)}</td><td>${escapeHtml(k.issueName)}</td><td>${escapeHtml(k.cardNumber)}</td><td>${time(k.issuedAt)}</td><td>${time(k.deletedAt)}</td></tr>`,
    )
    .join('');
  const payments = input.payments
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.id)}</code></td><td>${PAYMENT_STATUS_NAMES[p.status]}</td><td>${escapeHtml(p.orderName)}</td><td>${escapeHtml(p.customerId)}</td><td>${won(p.amount.total)}</td><td>${won(p.amount.paid)}</td><td>${won(p.amount.cancelled)}</td><td>${time(p.paidAt)}</td><td>${p.cancellations.map((c) => `${won(c.totalAmount)} ${time(c.cancelledAt)} ${escapeHtml(c.reason)}`).join('<br>') || '-'}</td><td>${escapeHtml(p.failure?.reason ?? '')}</td><td>${actions.paymentActions(p)}</td></tr>`,
    )
    .join('');
  const hooks = input.webhooks
    .slice(0, 50)
    .map(
      (w) =>
        `<tr><td>${escapeHtml(w.type)}</td><td>${escapeHtml(w.body.data.paymentId ?? w.body.data.billingKey ?? '')}</td><td>${DELIVERY_STATE_NAMES[w.state]}</td><td>${w.attempts.length}</td><td>${escapeHtml(w.attempts.map((a) => a.status ?? a.error ?? '').join(', '))}</td></tr>`,
    )
    .join('');
  const empty = (columns: number, text: string) => `<tr><td colspan="${columns}">${text}</td></tr>`;
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>결제 샌드박스</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%;margin-bottom:28px}td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top;font-size:14px}small{color:#666}</style></head>
<body><h1>결제 샌드박스</h1><p><small>PortOne V2 형식을 흉내 내는 개발용 결제 대행사입니다. 실제 결제는 일어나지 않아요. 상점 ${escapeHtml(input.storeId)} · 웹훅 주소 ${escapeHtml(input.webhookUrl ?? '없음')} · JSON: <a href="/api/state">/api/state</a></small></p>
<h2>빌링키(결제 예약)</h2><table><thead><tr><th>빌링키</th><th>상태</th><th>고객</th><th>발급 이름</th><th>카드</th><th>발급 시각</th><th>삭제 시각</th></tr></thead><tbody>${keys || empty(7, '아직 발급된 빌링키가 없습니다.')}</tbody></table>
<h2>결제(청구·환불)</h2>${actions.paymentsNote}<table><thead><tr><th>결제 ID</th><th>상태</th><th>주문명</th><th>고객</th><th>금액</th><th>결제액</th><th>환불액</th><th>결제 시각</th><th>환불 내역</th><th>실패 사유</th><th>콘솔 취소</th></tr></thead><tbody>${payments || empty(11, '아직 결제가 없습니다.')}</tbody></table>
<h2>웹훅</h2><table><thead><tr><th>이벤트</th><th>대상</th><th>상태</th><th>시도</th><th>응답</th></tr></thead><tbody>${hooks || empty(5, '아직 보낸 웹훅이 없습니다.')}</tbody></table>
<p><small>시각은 한국 시간입니다.</small></p><script>setInterval(() => { if (!document.activeElement?.closest('form')) location.reload(); }, 5000)</script></body></html>`;
}
