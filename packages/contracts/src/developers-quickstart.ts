/**
 * The quickstart of the developers' page (/developers): shown there for the site's own origin and current
 * version, and run as written against a started site by e2e/tests/api-consumers.e2e.ts, so what people copy
 * works. A step is one shell command with the Korean line that says what it does.
 */
export interface QuickstartStep {
  /** Shown as a shell comment above the command. */
  say: string;
  command: string;
  /** `setup` sets the shell up for the steps after it; `request` calls the API and prints its JSON answer. */
  kind: 'setup' | 'request';
}

/** What the reader puts in: the token they made on my page, and the application they check in for. */
export const QUICKSTART_TOKEN_PLACEHOLDER = 'sqp_...';
export const QUICKSTART_JOIN_ID_PLACEHOLDER = '{joinId}';

export function quickstartSteps(origin: string, version: string): QuickstartStep[] {
  return [
    {
      kind: 'setup',
      say: '1. 마이페이지 > API 토큰에서 "내 지원 내역 조회" 권한으로 토큰을 만들고 복사해 두세요.',
      command: `export SQ_TOKEN=${QUICKSTART_TOKEN_PLACEHOLDER}`,
    },
    {
      kind: 'request',
      say: '2. 내 지원 내역을 읽어요.',
      command: `curl -s -H "Authorization: Bearer $SQ_TOKEN" -H "Sidequest-Version: ${version}" ${origin}/api/join/history`,
    },
    {
      kind: 'request',
      say: '3. ("스프린트 체크인" 권한) 오늘의 체크인. 같은 Idempotency-Key로 다시 보내도 한 번만 처리돼요.',
      command: `curl -s -X POST -H "Authorization: Bearer $SQ_TOKEN" -H "Idempotency-Key: checkin-$(date +%F)" ${origin}/api/applications/${QUICKSTART_JOIN_ID_PLACEHOLDER}/checkin`,
    },
  ];
}

/** The quickstart as the page shows it: each step's comment line, then its command. */
export function quickstartText(origin: string, version: string): string {
  return quickstartSteps(origin, version)
    .flatMap((step) => [`# ${step.say}`, step.command])
    .join('\n');
}
