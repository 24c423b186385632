import { randomUUID } from 'node:crypto';
import { seoulDate } from '@sq/contracts/seoul';
import { TEST_CARDS, type CardErrors, type CardForm, type IssueParams } from './pages';
import {
  Problem,
  SANDBOX_PG_MESSAGES,
  type SandboxBillingKey,
  type SandboxPgStore,
  type StoredBillingKey,
} from './types';

const CARD_NUMBER_DIGITS = 16;

/** Cards and billing keys: the card rules, issuing (the hosted page and the server API), reading and deleting keys. */
export function createCards(store: SandboxPgStore) {
  const { options, billingKeys, byIssueId, nowIso, emit } = store;
  const publicKey = ({ fullNumber: _hidden, ...key }: StoredBillingKey): SandboxBillingKey => key;

  function validateCard(form: CardForm): CardErrors {
    const errors: CardErrors = {};
    const digits = form.cardNumber.replace(/[\s-]/g, '');
    if (!digits) errors.cardNumber = '카드 번호를 입력해 주세요.';
    else if (!new RegExp(`^\\d{${CARD_NUMBER_DIGITS}}$`).test(digits))
      errors.cardNumber = '카드 번호 16자리를 숫자로 입력해 주세요.';
    else if (!luhn(digits)) errors.cardNumber = '카드 번호가 올바르지 않아요. 다시 확인해 주세요.';
    const expiry = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(form.expiry.trim());
    if (!form.expiry.trim()) errors.expiry = '유효기간을 입력해 주세요.';
    else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
      errors.expiry = '유효기간을 MM/YY 형식으로 입력해 주세요.';
    else {
      // A card is valid through the last day of its month (Korean time).
      const [year, month] = seoulDate(store.clock()).split('-').map(Number) as [number, number];
      const current = year * 12 + month - 1;
      if ((2000 + Number(expiry[2])) * 12 + Number(expiry[1]) - 1 < current)
        errors.expiry = '유효기간이 지난 카드예요.';
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
    if (card === TEST_CARDS.declined)
      throw new Problem(502, 'PG_PROVIDER', SANDBOX_PG_MESSAGES.declinedAtIssue, {
        pgCode: '05',
        pgMessage: 'Do not honor',
      });
    const key: StoredBillingKey = {
      billingKey: `billing-key-${randomUUID()}`,
      status: 'ISSUED',
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

  /** Deletes a key (PortOne: DELETE /billing-keys/{billingKey}); a deleted key charges nothing. */
  function deleteKey(billingKey: string): { deletedAt: string } {
    const key = billingKeys.get(billingKey);
    if (!key) throw new Problem(404, 'BILLING_KEY_NOT_FOUND', '빌링키를 찾을 수 없습니다.');
    if (key.status === 'DELETED')
      throw new Problem(409, 'BILLING_KEY_ALREADY_DELETED', '이미 삭제된 빌링키입니다.', { deletedAt: key.deletedAt });
    key.status = 'DELETED';
    key.deletedAt = nowIso();
    emit('BillingKey.Deleted', { billingKey: key.billingKey });
    return { deletedAt: key.deletedAt };
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
    if (!params.customerId || params.customerId.length > 100)
      return '고객 아이디(customerId)가 없거나 올바르지 않아요.';
    if (params.issueName.length > 200) return '발급 이름(issueName)이 너무 길어요.';
    if (!redirectAllowed(params.redirectUrl)) return '돌아갈 주소(redirectUrl)가 허용된 http(s) 주소가 아니에요.';
    return params;
  }

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

  return { publicKey, validateCard, issue, deleteKey, issueParams, keyInfo };
}

export type Cards = ReturnType<typeof createCards>;

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
  const [yy, mm, dd] = [value.slice(0, 2), value.slice(2, 4), value.slice(4, 6)].map(Number) as [
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(2000 + yy, mm - 1, dd));
  return date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd;
}
