/**
 * API consumers (personal access tokens, the public API at the gateway). Part of the Korean message catalogue
 * (../messages.ts); the spec names none of these, so they follow its tone.
 */
export const CONSUMER_MESSAGES = {
  personalTokenNameRequired: '토큰 이름을 1~50자로 입력해 주세요.',
  personalTokenScopesRequired: '권한을 하나 이상 선택해 주세요.',
  personalTokenExpiryInvalid: '만료 기간은 1일에서 365일 사이로 선택해 주세요.',
  personalTokenNotFound: '토큰을 찾을 수 없어요.',
  consumerTokenInvalid: '유효하지 않거나 만료된 API 토큰입니다.',
  consumerOperationRefused: 'API 토큰으로는 사용할 수 없는 기능입니다. 공개 API 문서를 확인해 주세요.',
  consumerQuotaExceeded: 'API 요청 한도를 넘었습니다. Retry-After 헤더의 시간(초)이 지난 뒤 다시 시도해 주세요.',
  consumerVersionUnknown:
    '지원하지 않는 Sidequest-Version입니다. 개발자 안내(/developers)에서 지원하는 버전을 확인해 주세요.',
  idempotencyKeyInvalid: 'Idempotency-Key는 1~255자의 인쇄 가능한 ASCII 문자여야 합니다.',
  idempotencyInFlight: '같은 Idempotency-Key의 요청을 아직 처리하고 있습니다. 잠시 후 다시 시도해 주세요.',
  idempotencyKeyReused: '이 Idempotency-Key는 다른 요청 본문에 이미 쓰였습니다. 새 키로 보내 주세요.',
  webhookUrlInvalid: '웹훅 주소는 https:// 로 시작하는 올바른 URL이어야 합니다.',
  webhookUrlInternal: '웹훅 주소는 인터넷에서 닿는 공개 주소여야 합니다. 내부·사설 주소로는 보낼 수 없어요.',
  webhookEventsRequired: '구독할 이벤트를 하나 이상 골라 주세요.',
  webhookEventUnknown:
    '알 수 없는 웹훅 이벤트가 있습니다. 개발자 안내(/developers#webhooks)에서 이벤트 목록을 확인해 주세요.',
  webhookNotFound: '웹훅 구독을 찾을 수 없어요.',
  webhookDeliveryNotFound: '웹훅 전송 기록을 찾을 수 없어요.',
  webhookDisabled: '사용이 중지된 웹훅입니다. 먼저 다시 사용하도록 켠 뒤 시도해 주세요.',
} as const;

/** "이 요청에는 '내 지원 내역 조회'(applications:read) 권한이 필요합니다." */
export const missingScopeMessage = (scope: string, label: string) =>
  `이 요청에는 '${label}'(${scope}) 권한이 필요합니다. 토큰의 권한을 확인해 주세요.`;

/** A webhook event needs a scope the credential does not hold. */
export const webhookScopeMessage = (event: string, scope: string, label: string) =>
  `'${event}' 이벤트를 구독하려면 '${label}'(${scope}) 권한이 필요합니다. 토큰의 권한을 확인해 주세요.`;

/** A member already holds as many webhook subscriptions as WEBHOOKS_MAX_PER_MEMBER allows. */
export const webhookLimitMessage = (max: number) =>
  `웹훅은 최대 ${max}개까지 구독할 수 있어요. 쓰지 않는 구독을 먼저 지워 주세요.`;

/** A member already holds as many live tokens as PERSONAL_TOKENS_MAX_PER_MEMBER allows. */
export const personalTokenLimitMessage = (max: number) =>
  `토큰은 최대 ${max}개까지 만들 수 있어요. 쓰지 않는 토큰을 먼저 폐기해 주세요.`;
