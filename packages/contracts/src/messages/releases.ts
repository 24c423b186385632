/**
 * Field figures (POST /api/rum) and remote releases (operator API, npm run release/promote/rollback, /admin/releases).
 * Part of the Korean message catalogue (../messages.ts): texts match the spec character for character.
 */
export const RELEASE_MESSAGES = {
  // Field figures (POST /api/rum): what a browser's report is told when the gateway refuses it.
  rumReportInvalid: '성능 보고 형식이 올바르지 않습니다.',
  rumReportTooLarge: '성능 보고가 너무 큽니다.',
  rumUnknownRemote: '등록되지 않은 화면 묶음의 보고입니다.',
  rumCrossSite: '이 사이트의 화면에서 보낸 성능 보고만 받습니다.',
  rumAssignmentInvalid: '이 사이트가 내려준 화면에서 보낸 성능 보고가 아니거나 유효 시간이 지났습니다.',
  rumVersionNotAssigned: '이 방문자에게 내려주지 않은 버전의 성능 보고입니다.',
  rumBudgetExceeded: '지금은 성능 보고를 받을 수 없습니다. 잠시 후 다시 보내 주세요.',
  releaseWindowInvalid: '조회 기간을 다시 선택해 주세요.',

  // Remote releases (operator API and npm run release/promote/rollback).
  releaseTokenRequired: '출시 권한이 없어요. 운영자 토큰이나 출시 토큰을 보내 주세요.',
  releaseInvalid: '출시 요청의 항목을 확인해 주세요.',
  releaseConflict: '다른 출시 작업이 먼저 반영되었어요. 현재 상태를 확인하고 다시 시도해 주세요.',
  releaseUnknownRemote: '출시된 적 없는 리모트예요.',
  releaseUnknownVersion: '출시된 적 없는 버전이에요.',
  releaseVersionMismatch: '같은 버전이 다른 빌드로 이미 출시되어 있어요. 새 버전 이름으로 출시해 주세요.',
  releaseNoLiveVersion: '라이브 버전이 없는 리모트는 카나리로 출시할 수 없어요. 먼저 전체 출시해 주세요.',
  releaseCanaryIsLive: '이미 모든 방문자에게 출시된 버전이에요.',
  releaseNoCanary: '진행 중인 카나리 출시가 없어요.',
  releaseNoEarlierVersion: '되돌릴 이전 버전이 없어요.',
  releaseManifestUrlInvalid:
    '매니페스트 주소는 /bundles/{folder}/{version}/ 아래 경로이거나 등록된 자산 출처의 https 주소여야 해요.',
  releaseRoutesTaken:
    '{path} 경로는 이미 {owner} 리모트가 쓰고 있어요. 경로를 바꾸거나 운영자가 강제 출시(--force)하세요.',
  releaseSkew:
    '공유 의존성 버전이 셸과 맞지 않아 출시하지 않았어요. {dependency}: 이 빌드는 {required}에 맞춰 만들어졌지만 지금 셸은 {provided}을(를) 제공해요. 셸을 먼저 출시하거나 강제 출시(--force)하세요.',
} as const;

/** The skew refusal naming the first mismatched dependency with both versions. */
export function releaseManifestUrlMessage(folder: string, version: string): string {
  return RELEASE_MESSAGES.releaseManifestUrlInvalid.replace('{folder}', folder).replace('{version}', version);
}

export function releaseRoutesTakenMessage(path: string, owner: string): string {
  return RELEASE_MESSAGES.releaseRoutesTaken.replace('{path}', path).replace('{owner}', owner);
}

export function releaseSkewMessage(skew: { dependency: string; required: string; provided: string }): string {
  return RELEASE_MESSAGES.releaseSkew
    .replace('{dependency}', skew.dependency)
    .replace('{required}', skew.required)
    .replace('{provided}', skew.provided);
}
