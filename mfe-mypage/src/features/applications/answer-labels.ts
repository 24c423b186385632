import {
  answersOf,
  ROLE_NAMES,
  WIZARD_QUESTIONS,
  type AnsweredQuestion,
  type ApplicantRole,
  type ApplicationAnswers,
  type WizardQuestions,
} from '@sq/contracts/api/applications';

/** One line of a submitted application, as the read-only page shows it. */
export interface AnswerLine {
  label: string;
  value: string;
}

function show({ question, value }: AnsweredQuestion, codeNames: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '없음';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '없음';
  if (question.kind === 'role') return ROLE_NAMES[value as ApplicantRole] ?? String(value);
  if (question.kind === 'months') return `${String(value)}개월`;
  if (question.kind === 'hours') return `${String(value)}시간`;
  if (typeof value === 'string') return codeNames[value] ?? value;
  return String(value);
}

const STEPS = [
  { step: 'required', title: '필수 정보' },
  { step: 'aside', title: '추가 정보' },
  { step: 'product', title: '프로그램 질문' },
] as const;

/**
 * The submitted answers by step, labelled and ordered by the wizard's questions, with code values shown by name
 * (직군 기획, 경력 1년 이상 3년 미만).
 */
export function answerSections(
  answers: ApplicationAnswers,
  codeNames: Record<string, string>,
  definition: WizardQuestions = WIZARD_QUESTIONS,
): { title: string; lines: AnswerLine[] }[] {
  return STEPS.map(({ step, title }) => ({
    title,
    lines: answersOf(step, answers[step], definition).map((answered) => ({
      label: answered.question.answerLabel,
      value: show(answered, codeNames),
    })),
  })).filter((s) => s.lines.length > 0);
}
