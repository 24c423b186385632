import {
  answersOf,
  WIZARD_QUESTIONS,
  type AnsweredQuestion,
  type ApplicationAnswers,
  type WizardQuestions,
} from '@sq/contracts/api/applications';
import { careerText, roleName } from '../../shared/console/labels';

const STEP_NAMES = { required: '필수 정보', aside: '추가 정보', product: '프로그램 질문' } as const;

function show({ question, value }: AnsweredQuestion, codeNames: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '없음';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '없음';
  if (question.kind === 'role') return roleName(value as Parameters<typeof roleName>[0]);
  if (question.kind === 'months') return careerText(Number(value));
  if (question.kind === 'hours') return `${String(value)}시간`;
  if (typeof value === 'string') return codeNames[value] ?? value;
  return String(value);
}

/** The submitted answers step by step, labelled and ordered by the wizard's questions, with code names (e.g. 1~3년 for CY_1_3Y). */
export function answerSections(
  answers: ApplicationAnswers,
  codeNames: Record<string, string>,
  definition: WizardQuestions = WIZARD_QUESTIONS,
) {
  return (Object.keys(STEP_NAMES) as (keyof typeof STEP_NAMES)[])
    .filter((step) => answers[step])
    .map((step) => ({
      step,
      title: STEP_NAMES[step],
      lines: answersOf(step, answers[step], definition).map((answered) => ({
        label: answered.question.answerLabel,
        value: show(answered, codeNames),
      })),
    }));
}
