import type { ConsumerScope } from '@sq/contracts';
import { normalisedPath } from '../plugins/rate-limit-path';
import type { Method } from '../route-table';

/**
 * The public API: the only operations a consumer credential (a personal access token, a partner app's token) may call, each with the
 * scopes it needs. Paths are the site's own (spec section 7, verbatim), served by the same services; everything
 * else, operators' operations above all, is refused to consumer credentials whatever their owner's role.
 * The public OpenAPI document declares these scopes per operation (`security: [{ personalAccessToken: [...] }]`).
 */
export interface PublicOperation {
  method: Method;
  /** OpenAPI path template (`{name}` parameters). */
  path: string;
  scopes: ConsumerScope[];
  summary: string;
  /** It acts on a member's own data: a partner app acting for itself (client credentials) is refused it. */
  member: boolean;
}

export const PUBLIC_OPERATIONS: PublicOperation[] = [
  {
    method: 'GET',
    path: '/api/products',
    scopes: ['programs:read'],
    summary: '프로그램 목록과 모집 중인 기수',
    member: false,
  },
  {
    method: 'GET',
    path: '/api/products/{productIdOrSlug}',
    scopes: ['programs:read'],
    summary: '프로그램 상세',
    member: false,
  },
  { method: 'GET', path: '/api/cohorts/{oddId}', scopes: ['programs:read'], summary: '기수 상세', member: false },
  {
    method: 'GET',
    path: '/api/cohorts/{oddId}/applicants',
    scopes: ['programs:read'],
    summary: '기수별 직군 지원자 수 (직군 공급)',
    member: false,
  },
  { method: 'GET', path: '/api/profile/{id}', scopes: ['careercard:read'], summary: '공개 커리어 카드', member: false },
  {
    method: 'GET',
    path: '/api/findByIdMyinfo',
    scopes: ['careercard:read'],
    summary: '내 커리어 카드 정보',
    member: true,
  },
  {
    method: 'POST',
    path: '/api/updateMyinfo',
    scopes: ['careercard:write'],
    summary: '내 커리어 카드 정보 수정',
    member: true,
  },
  { method: 'GET', path: '/api/join/history', scopes: ['applications:read'], summary: '내 지원 내역', member: true },
  {
    method: 'POST',
    path: '/api/applications/{joinId}/checkin',
    scopes: ['sprint:checkin'],
    summary: '스프린트 오늘의 체크인',
    member: true,
  },
  // Webhooks out: each event also needs the scope that reads what it tells (WEBHOOK_EVENT_SCOPES), judged by the service.
  { method: 'GET', path: '/api/webhooks', scopes: ['webhooks:manage'], summary: '내 웹훅 구독 목록', member: true },
  {
    method: 'POST',
    path: '/api/webhooks',
    scopes: ['webhooks:manage'],
    summary: '웹훅 구독 만들기 (비밀 키는 이 응답에만)',
    member: true,
  },
  {
    method: 'DELETE',
    path: '/api/webhooks/{webhookId}',
    scopes: ['webhooks:manage'],
    summary: '웹훅 구독 지우기',
    member: true,
  },
  {
    method: 'POST',
    path: '/api/webhooks/{webhookId}/secret',
    scopes: ['webhooks:manage'],
    summary: '웹훅 비밀 키 바꾸기 (새 키는 이 응답에만)',
    member: true,
  },
  {
    method: 'POST',
    path: '/api/webhooks/{webhookId}/enable',
    scopes: ['webhooks:manage'],
    summary: '실패로 멈춘 웹훅 다시 켜기',
    member: true,
  },
  {
    method: 'POST',
    path: '/api/webhooks/{webhookId}/test',
    scopes: ['webhooks:manage'],
    summary: '테스트 이벤트 보내기',
    member: true,
  },
  {
    method: 'GET',
    path: '/api/webhooks/{webhookId}/deliveries',
    scopes: ['webhooks:manage'],
    summary: '웹훅 전송 기록',
    member: true,
  },
  {
    method: 'POST',
    path: '/api/webhooks/{webhookId}/deliveries/{deliveryId}/replay',
    scopes: ['webhooks:manage'],
    summary: '웹훅 전송 다시 보내기',
    member: true,
  },
];

interface Compiled {
  operation: PublicOperation;
  pattern: RegExp;
}

// A parameter is one non-empty path segment.
const compile = (operation: PublicOperation): Compiled => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
});

const COMPILED = PUBLIC_OPERATIONS.map(compile);

/**
 * The public operation a request is, judged on its path as the router and the services read it (decoded, dot
 * segments resolved: rate-limit-path.ts), or null. HEAD is a GET.
 */
export function publicOperationOf(method: string, rawUrl: string): PublicOperation | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  const path = normalisedPath(rawUrl);
  return COMPILED.find((c) => c.operation.method === asked && c.pattern.test(path))?.operation ?? null;
}
