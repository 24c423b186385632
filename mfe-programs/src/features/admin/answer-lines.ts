import type { ApplicationAnswers } from '@sq/contracts/api/applications';
import { careerText, roleName } from './labels';

/** Korean labels of the stored answer fields (the wizard's questions), for the applicant's answers. */
const LABELS: Record<string, string> = {
  contactEmail: '연락받을 이메일', phone: '휴대폰 번호', jobGroup: '직군', position: '포지션', careerYears: '경력',
  experienceMonths: 'IT 실무 경력', role: '지원 직군', portfolioUrl: '포트폴리오 링크', githubUrl: 'GitHub 링크',
  wantToBuild: '만들고 싶은 서비스', availableTime: '참여 가능한 시간', weeklyHours: '일주일에 참여할 수 있는 시간',
  friendCareerCardIds: '함께할 친구', motivation: '이번 팀 프로젝트에 지원하는 이유', serviceExperience: '기획해 본 서비스와 맡은 역할',
  documentTools: '주로 쓰는 기획 도구', designTools: '주로 쓰는 디자인 도구', bestWork: '가장 자신 있는 작업과 그 이유', stack: '기술 스택',
  shippedExperience: '출시하거나 운영해 본 경험', idea: '만들고 싶은 아이디어', goals: '이번 과정에서 이루고 싶은 목표', planningExperience: '지금까지의 기획 경험',
};
const STEP_NAMES = { required: '필수 정보', aside: '추가 정보', product: '프로그램 질문' } as const;

function show(key: string, value: unknown, codeNames: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '없음';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '없음';
  if (key === 'role') return roleName(value as Parameters<typeof roleName>[0]);
  if (key === 'experienceMonths') return careerText(Number(value));
  if (key === 'weeklyHours') return `${String(value)}시간`;
  if (typeof value === 'string') return codeNames[value] ?? value;
  return String(value);
}

function lines(answers: object, codeNames: Record<string, string>): { label: string; value: string }[] {
  return Object.entries(answers).flatMap(([key, value]) => {
    if (key === 'kind') return [];
    // The 14-week project's role questions sit one level down.
    if (key === 'roleQuestions' && value && typeof value === 'object') return lines(Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'role')), codeNames);
    return [{ label: LABELS[key] ?? key, value: show(key, value, codeNames) }];
  });
}

/** The submitted answers step by step, with Korean labels and code names (e.g. 1~3년 for CY_1_3Y). */
export function answerSections(answers: ApplicationAnswers, codeNames: Record<string, string>) {
  return (Object.keys(STEP_NAMES) as (keyof typeof STEP_NAMES)[])
    .filter((step) => answers[step])
    .map((step) => ({ step, title: STEP_NAMES[step], lines: lines(answers[step]!, codeNames) }));
}
