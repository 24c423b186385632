import type { CheckupIntro } from '@sq/contracts';
import { formatThousands } from '@sq/ui';

export interface CheckupFact {
  label: string;
  value: string;
}

/** The three figures under the intro's title: questions, time and participants so far. */
export function checkupFacts(
  intro: Pick<CheckupIntro, 'questionCount' | 'estimatedMinutes' | 'participantCount'>,
): CheckupFact[] {
  return [
    { label: '문항 수', value: `${formatThousands(intro.questionCount)}문항` },
    { label: '소요 시간', value: `약 ${formatThousands(intro.estimatedMinutes)}분` },
    { label: '참여자', value: `${formatThousands(intro.participantCount)}명` },
  ];
}

/** The check-up runs in these steps (spec section 2: step-a, step-b, loading, result). */
export const CHECKUP_STEPS = [
  { title: '기본 정보 입력', description: '직군과 경력을 알려 주세요.' },
  { title: '문항 응답', description: '영역별 실무 상황에 가장 가까운 답을 골라 주세요.' },
  { title: '결과 확인', description: '같은 직군 참여자와 비교한 결과를 받아 보고 공유할 수 있어요.' },
] as const;

/** Where the start button leads; visitors are sent to sign-in by the shell's route guard on the way. */
export const CHECKUP_START_PATH = '/itskillcheckup/step-a';
