import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { ADDED_BSIDE_QUESTION, WITH_ADDED_BSIDE_QUESTION } from './application-questions.fixture';
import { answersOf, productStepSchemaOf, questionsOf, WIZARD_QUESTIONS } from './application-questions';
import { productStepSchema } from './applications';

const roleAnswers = { role: 'DEVELOPER', stack: ['React'], shippedExperience: '출시 경험' };

describe('the wizard questions, defined once', () => {
  it('a question added to the 14-week project is required by its step schema, at the top level beside motivation', () => {
    const schema = productStepSchemaOf(WITH_ADDED_BSIDE_QUESTION);
    const without = { kind: 'TEAM_PROJECT', motivation: '이유', roleQuestions: roleAnswers };
    const missing = z.safeParse(schema, without);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [ADDED_BSIDE_QUESTION.name, MESSAGES.applyAnswerRequired],
    ]);
    // Under roleQuestions it does not count: it is the program's question, not the role's.
    expect(
      z.safeParse(schema, {
        ...without,
        roleQuestions: { ...roleAnswers, [ADDED_BSIDE_QUESTION.name]: ADDED_BSIDE_QUESTION.answer },
      }).success,
    ).toBe(false);
    expect(z.safeParse(schema, { ...without, [ADDED_BSIDE_QUESTION.name]: ADDED_BSIDE_QUESTION.answer }).success).toBe(
      true,
    );
    // The real definition does not ask it.
    expect(z.safeParse(productStepSchema, without).success).toBe(true);
  });

  it('asks the program questions of the 14-week project before those of the role, which are marked as stored under the role', () => {
    const asked = questionsOf('product', 'TEAM_PROJECT', 'PLANNER', WITH_ADDED_BSIDE_QUESTION);
    expect(asked.map((q) => [q.name, q.underRole])).toEqual([
      ['motivation', false],
      [ADDED_BSIDE_QUESTION.name, false],
      ['serviceExperience', true],
      ['documentTools', true],
    ]);
    expect(questionsOf('product', 'TEAM_PROJECT', null).map((q) => q.name)).toEqual(['motivation']);
    expect(questionsOf('product', 'GENERIC', null)).toEqual([]);
    expect(
      questionsOf('aside', 'GENERIC', null)
        .filter((q) => q.optional)
        .map((q) => q.name),
    ).toEqual(['portfolioUrl', 'githubUrl', 'weeklyHours']);
  });

  it('reads stored answers in the order asked, flattening the role answers, and keeps names no longer defined', () => {
    const stored = { kind: 'TEAM_PROJECT', roleQuestions: { ...roleAnswers, retired: '옛 질문' }, motivation: '이유' };
    expect(answersOf('product', stored).map((a) => [a.question.answerLabel, a.value])).toEqual([
      [WIZARD_QUESTIONS.product.TEAM_PROJECT.motivation.label, '이유'],
      ['기술 스택', ['React']],
      [WIZARD_QUESTIONS.roleQuestions.DEVELOPER.shippedExperience.label, '출시 경험'],
      ['retired', '옛 질문'],
    ]);
  });
});
