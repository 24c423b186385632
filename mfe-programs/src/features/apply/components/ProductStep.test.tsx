import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@sq/contracts/messages';
import { WIZARD_QUESTIONS } from '@sq/contracts/api/applications';
import { ADDED_BSIDE_QUESTION, WITH_ADDED_BSIDE_QUESTION } from '@sq/contracts/api/application-questions.fixture';
import { draftOf, requiredAnswers } from '../test-fixtures';
import { ProductStep } from './ProductStep';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorUnder = (label: string) =>
  screen.getByLabelText(label).closest('label')?.parentElement?.querySelector('[data-field-error]')?.textContent;

describe('{product}: the questions come from the one definition', () => {
  it('asks every question the definition gives each program and role, by its label', () => {
    for (const [kind, questions] of Object.entries(WIZARD_QUESTIONS.product)) {
      for (const role of kind === 'TEAM_PROJECT'
        ? (['PLANNER', 'DESIGNER', 'DEVELOPER'] as const)
        : ([null] as const)) {
        const draft = draftOf({
          kind: kind as never,
          answers: { required: { ...requiredAnswers, role: role ?? 'DEVELOPER' } },
        });
        render(<ProductStep draft={draft} save={vi.fn()} onBack={null} />);
        const expected = [
          ...Object.values(questions),
          ...(role ? Object.values(WIZARD_QUESTIONS.roleQuestions[role]) : []),
        ].map((q) => q.label);
        for (const label of expected) expect(screen.getByLabelText(label)).toBeTruthy();
        expect(screen.getAllByRole('textbox')).toHaveLength(expected.length);
        cleanup();
      }
    }
  });

  it('a required question added to the 14-week project shows, is refused empty, and is sent beside motivation, not under roleQuestions', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    render(
      <ProductStep
        draft={draftOf({ answers: { required: requiredAnswers } })}
        save={save}
        onBack={null}
        definition={WITH_ADDED_BSIDE_QUESTION}
      />,
    );
    type('이번 팀 프로젝트에 지원하는 이유', '출시 경험');
    type('주로 쓰는 기술 스택', 'React');
    type('출시하거나 운영해 본 경험', '사내 서비스 운영');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(errorUnder(ADDED_BSIDE_QUESTION.label)).toBe(MESSAGES.applyAnswerRequired));
    expect(save).not.toHaveBeenCalled();
    type(ADDED_BSIDE_QUESTION.label, ADDED_BSIDE_QUESTION.answer);
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      kind: 'TEAM_PROJECT',
      motivation: '출시 경험',
      [ADDED_BSIDE_QUESTION.name]: ADDED_BSIDE_QUESTION.answer,
      roleQuestions: { role: 'DEVELOPER', stack: ['React'], shippedExperience: '사내 서비스 운영' },
    });
  });
});
