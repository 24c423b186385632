import type { SandboxBillingKey, SandboxPayment } from './types';
import { escapeHtml } from './pages';

/**
 * The sandbox PG's bulk reads, in PortOne V2's shapes (its OpenAPI document, operations getAllPaymentsByCursor and
 * getBillingKeyInfos), which a merchant's daily reconciliation reads, and the console's cancellation form (an operator
 * giving money back at the PG without the merchant, the first cause of a mismatch):
 *   GET /payments-by-cursor?requestBody={"from","until","cursor","size","storeId"}
 *       결제 대용량 다건 조회: every payment created (first requested) in [from, until), oldest first; `from` defaults to
 *       90 days before `until`, `until` to now; `size` 10 by default, at most 1,000. Answer `{ items: [{ payment,
 *       cursor }] }`; the next page starts after the last item's cursor; an empty page is the end.
 *   GET /billing-keys?requestBody={"page":{"number","size"},"filter":{"status":["ISSUED"|"DELETED"]}}
 *       빌링키 다건 조회: newest first; answer `{ items: [billingKeyInfo], page: { number, size, totalCount } }`.
 *   POST /console/payments/{paymentId}/cancel (form: amount, reason, announce) from the overview page.
 */
export const PAYMENTS_BY_CURSOR_DEFAULT_SIZE = 10;
export const PAYMENTS_BY_CURSOR_MAX_SIZE = 1_000;
/** PortOne: "값을 입력하지 않으면 end의 90일 전으로 설정됩니다." */
export const PAYMENTS_BY_CURSOR_DEFAULT_DAYS = 90;
export const BILLING_KEYS_DEFAULT_PAGE_SIZE = 10;
export const BILLING_KEYS_MAX_PAGE_SIZE = 1_000;

/** A request the listing refuses (answered 400 INVALID_REQUEST with the message). */
export class ListingRequestError extends Error {}

type Json = Record<string, unknown>;

/** PortOne sends a GET's input as the `requestBody` query parameter (JSON). */
export function requestBodyOf(query: URLSearchParams): Json {
  const raw = query.get('requestBody');
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // answered below
  }
  throw new ListingRequestError('requestBody가 올바른 JSON 객체가 아닙니다.');
}

function instant(body: Json, name: string, fallback: number): number {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) throw new ListingRequestError(`${name}은(는) ISO 8601 일시여야 합니다.`);
  return at;
}

function size(value: unknown, fallback: number, max: number, name: string): number {
  if (value === undefined || value === null) return fallback;
  if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > max)
    throw new ListingRequestError(`${name}은(는) 1 이상 ${max} 이하의 정수여야 합니다.`);
  return value as number;
}

/** The cursor of an item: where it sorts (creation time, then id), opaque to the caller. */
const cursorOf = (p: SandboxPayment) => Buffer.from(JSON.stringify([p.requestedAt, p.id])).toString('base64url');
const sortKey = (p: SandboxPayment) => `${new Date(p.requestedAt).toISOString()}\u0000${p.id}`;

function afterCursor(cursor: unknown): string | null {
  if (cursor === undefined || cursor === null) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(String(cursor), 'base64url').toString()) as [string, string];
    return `${new Date(at).toISOString()}\u0000${id}`;
  } catch {
    throw new ListingRequestError('cursor가 올바르지 않습니다.');
  }
}

export function paymentsByCursor<V>(
  payments: Iterable<SandboxPayment>,
  body: Json,
  context: { storeId: string; now: Date; view: (p: SandboxPayment) => V },
) {
  if (body.storeId !== undefined && body.storeId !== context.storeId)
    throw new ListingRequestError('상점 아이디가 올바르지 않습니다.');
  const until = instant(body, 'until', context.now.getTime());
  const from = instant(body, 'from', until - PAYMENTS_BY_CURSOR_DEFAULT_DAYS * 86_400_000);
  const pageSize = size(body.size, PAYMENTS_BY_CURSOR_DEFAULT_SIZE, PAYMENTS_BY_CURSOR_MAX_SIZE, 'size');
  const after = afterCursor(body.cursor);
  const page = [...payments]
    .filter((p) => {
      const created = Date.parse(p.requestedAt);
      return created >= from && created < until && (after === null || sortKey(p) > after);
    })
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))
    .slice(0, pageSize);
  return { items: page.map((p) => ({ payment: context.view(p), cursor: cursorOf(p) })) };
}

export function billingKeyInfos<V>(
  keys: Iterable<SandboxBillingKey>,
  body: Json,
  context: { view: (k: SandboxBillingKey) => V },
) {
  const page = (body.page ?? {}) as Json;
  const number = page.number === undefined ? 0 : page.number;
  if (!Number.isSafeInteger(number) || (number as number) < 0)
    throw new ListingRequestError('page.number는 0 이상의 정수여야 합니다.');
  const pageSize = size(page.size, BILLING_KEYS_DEFAULT_PAGE_SIZE, BILLING_KEYS_MAX_PAGE_SIZE, 'page.size');
  const statuses = ((body.filter ?? {}) as Json).status;
  if (statuses !== undefined && (!Array.isArray(statuses) || statuses.some((s) => s !== 'ISSUED' && s !== 'DELETED'))) {
    throw new ListingRequestError('filter.status는 ISSUED, DELETED 중에서 고른 목록이어야 합니다.');
  }
  const matching = [...keys]
    .filter((k) => !statuses || (statuses as string[]).includes(k.status))
    .sort((a, b) =>
      a.issuedAt === b.issuedAt ? (a.billingKey < b.billingKey ? 1 : -1) : a.issuedAt < b.issuedAt ? 1 : -1,
    );
  const start = (number as number) * pageSize;
  return {
    items: matching.slice(start, start + pageSize).map(context.view),
    page: { number, size: pageSize, totalCount: matching.length },
  };
}

/** What the console's cancellation form sent, or the Korean reason it cannot be done. */
export function consoleCancelRequest(
  form: URLSearchParams,
): { amount?: number; reason: string; announce: boolean } | string {
  const reason = (form.get('reason') ?? '').trim();
  if (!reason) return '취소 사유를 입력해 주세요.';
  const amountText = (form.get('amount') ?? '').replace(/[,\s원]/g, '');
  if (amountText && !/^\d+$/.test(amountText)) return '취소 금액은 숫자로 입력해 주세요.';
  return { ...(amountText ? { amount: Number(amountText) } : {}), reason, announce: form.get('announce') === '1' };
}

/** The console's cancellation form of one payment (PAID or partly cancelled), for the overview's payment table. */
export function consoleCancelForm(p: SandboxPayment): string {
  if (p.status !== 'PAID' && p.status !== 'PARTIAL_CANCELLED') return '';
  const left = p.amount.paid - p.amount.cancelled;
  return `<form method="post" action="/console/payments/${encodeURIComponent(p.id)}/cancel" class="console-cancel">
<input name="amount" inputmode="numeric" placeholder="${left} (비우면 전액)" aria-label="취소 금액" size="10">
<input name="reason" placeholder="취소 사유" aria-label="취소 사유" required size="12">
<label><input type="checkbox" name="announce" value="1"> 웹훅 보내기</label>
<button type="submit">취소</button></form>`;
}

/** The note above the payment table: what a console cancellation does. */
export const CONSOLE_CANCEL_NOTE = `<p><small>취소: PG 콘솔에서 운영자가 직접 환불하는 것을 흉내 내요. "웹훅 보내기"를 체크하지 않으면 웹훅이 유실된 것처럼
아무것도 보내지 않아서, 사이트 장부에는 남지 않고 다음 대사(대사 실행)에서 불일치로 나타나요.</small></p>`;

export function consoleCancelProblem(message: string): string {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>취소하지 못했어요</title></head>
<body><h1>취소하지 못했어요</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/">돌아가기</a></p></body></html>`;
}
