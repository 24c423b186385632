import { describe, expect, it } from 'vitest';
import {
  ADDED_BSIDE_QUESTION,
  WITH_ADDED_BSIDE_QUESTION,
  answersToEveryQuestion,
  labelsOf,
} from '@sq/contracts/api/application-questions.fixture';
import { answerSections } from './answer-lines';

const labels = (sections: ReturnType<typeof answerSections>) => sections.flatMap((s) => s.lines.map((l) => l.label));

describe("operators console: an applicant's answers are labelled by the wizard's questions", () => {
  it('shows every defined question of each program and role with its label, in the order asked', () => {
    for (const answers of answersToEveryQuestion())
      expect(labels(answerSections(answers, {}))).toEqual(labelsOf(answers));
  });

  it('shows a question added to the 14-week project with its label and answer', () => {
    const [answers] = answersToEveryQuestion(WITH_ADDED_BSIDE_QUESTION);
    const product = answerSections(answers!, {}, WITH_ADDED_BSIDE_QUESTION).find((s) => s.step === 'product')!;
    expect(product.lines).toContainEqual({
      label: ADDED_BSIDE_QUESTION.answerLabel,
      value: `${ADDED_BSIDE_QUESTION.name}-답`,
    });
    expect(labels(answerSections(answers!, {}, WITH_ADDED_BSIDE_QUESTION))).toEqual(
      labelsOf(answers!, WITH_ADDED_BSIDE_QUESTION),
    );
  });

  it('formats months, hours, roles and code names as the console does', () => {
    const sections = answerSections(
      {
        required: { experienceMonths: 38, role: 'DESIGNER', careerYears: 'CY_1_3Y' },
        aside: { weeklyHours: 10 },
      } as never,
      { CY_1_3Y: '1~3년' },
    );
    expect(sections.flatMap((s) => s.lines)).toEqual([
      { label: '경력', value: '1~3년' },
      { label: 'IT 실무 경력', value: '3년 2개월' },
      { label: '지원 직군', value: '디자이너' },
      { label: '일주일에 참여할 수 있는 시간', value: '10시간' },
    ]);
  });
});
