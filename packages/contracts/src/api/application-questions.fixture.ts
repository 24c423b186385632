import * as z from 'zod/mini';
import { APPLICATION_MESSAGES } from '../messages/applications';
import { WIZARD_QUESTIONS, type WizardQuestions } from './application-questions';
import type { ApplicationAnswers } from './applications';

/**
 * For tests: the wizard's questions with one more required question of the 14-week project (bside), added the
 * way a newcomer would add one (a top-level entry of the program's questions), so the wizard, my page and the
 * console can each show that they pick it up from the definition alone.
 */
export const ADDED_BSIDE_QUESTION = {
  name: 'meetupDays',
  label: '오프라인 모임에 나올 수 있는 요일',
  answerLabel: '모임 가능 요일',
  answer: '토요일 오후',
} as const;

export const WITH_ADDED_BSIDE_QUESTION: WizardQuestions = {
  ...WIZARD_QUESTIONS,
  product: {
    ...WIZARD_QUESTIONS.product,
    TEAM_PROJECT: {
      ...WIZARD_QUESTIONS.product.TEAM_PROJECT,
      [ADDED_BSIDE_QUESTION.name]: {
        label: ADDED_BSIDE_QUESTION.label,
        answerLabel: ADDED_BSIDE_QUESTION.answerLabel,
        kind: 'text',
        schema: z
          .string({ error: APPLICATION_MESSAGES.applyAnswerRequired })
          .check(z.trim(), z.minLength(1, APPLICATION_MESSAGES.applyAnswerRequired)),
      },
    },
  },
};

/** Stored answers to every question of the definition (each program step once, the 14-week project's per role). */
export function answersToEveryQuestion(definition: WizardQuestions = WIZARD_QUESTIONS) {
  const fill = (questions: WizardQuestions['required']) =>
    Object.fromEntries(
      Object.entries(questions).map(([name, q]) => [
        name,
        q.kind === 'list' || q.kind === 'careerCards'
          ? [`${name}-답`]
          : q.kind === 'months' || q.kind === 'hours'
            ? 7
            : `${name}-답`,
      ]),
    );
  const base = { required: { ...fill(definition.required), role: 'DEVELOPER' }, aside: fill(definition.aside) };
  return [
    ...(['PLANNER', 'DESIGNER', 'DEVELOPER'] as const).map((role) => ({
      ...base,
      product: {
        kind: 'TEAM_PROJECT',
        ...fill(definition.product.TEAM_PROJECT),
        roleQuestions: { role, ...fill(definition.roleQuestions[role]) },
      },
    })),
    { ...base, product: { kind: 'SPRINT', ...fill(definition.product.SPRINT) } },
    { ...base, product: { kind: 'COURSE', ...fill(definition.product.COURSE) } },
  ] as unknown as ApplicationAnswers[];
}

/** The answer pages' labels of every question the stored answers hold, as `answersToEveryQuestion` fills them. */
export function labelsOf(answers: ApplicationAnswers, definition: WizardQuestions = WIZARD_QUESTIONS): string[] {
  const product = answers.product as
    | { kind: 'TEAM_PROJECT' | 'SPRINT' | 'COURSE'; roleQuestions?: { role: 'PLANNER' | 'DESIGNER' | 'DEVELOPER' } }
    | undefined;
  const questions = [
    ...Object.values(definition.required),
    ...Object.values(definition.aside),
    ...(product ? Object.values(definition.product[product.kind]) : []),
    ...(product?.roleQuestions ? Object.values(definition.roleQuestions[product.roleQuestions.role]) : []),
  ];
  return questions.map((q) => q.answerLabel ?? q.label);
}
