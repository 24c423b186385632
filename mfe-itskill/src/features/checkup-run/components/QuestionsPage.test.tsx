import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CheckupRun } from '@sq/contracts';
import { QuestionsPage } from './QuestionsPage';

const getRun = vi.fn<() => Promise<CheckupRun | null>>();
const saveAnswer = vi.fn<(q: number, o: number) => Promise<unknown>>();
vi.mock('../api/checkup-run-api', () => ({
  getRun: () => getRun(),
  saveAnswer: (q: number, o: number) => saveAnswer(q, o),
}));

const question = (id: number, area: string) => ({
  questionId: id,
  areaCode: area,
  areaName: area === 'A' ? '문제 정의' : '지표와 성과',
  body: `질문 ${id}`,
  options: [1, 2, 3, 4].map((n) => ({ optionId: id * 10 + n, label: `보기 ${id}-${n}` })),
});
const run = (answers: Record<string, number>): CheckupRun => ({
  surveyId: 1,
  surveyTitle: '시즌',
  jobGroupCode: 'JG_PLAN',
  jobGroupName: '기획',
  positionCode: null,
  yearCode: 'CY_1_3Y',
  questions: [question(1, 'A'), question(2, 'A'), question(3, 'B')],
  answers,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/itskillcheckup/step-b"
          element={
            <>
              <QuestionsPage />
              <Where />
            </>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('QuestionsPage (step B)', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('resumes at the first unanswered question with the saved answers and the progress', async () => {
    getRun.mockResolvedValue(run({ 1: 13 }));
    renderAt('/itskillcheckup/step-b');
    expect(await screen.findByTestId('itskill-question')).toHaveProperty('textContent', '질문 2');
    expect(screen.getByTestId('itskill-progress').textContent).toBe('2 / 3 · 문제 정의');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/itskillcheckup/step-b?q=2'));
  });

  it('saves a choice on the server and moves to the next question; the last one offers the result', async () => {
    getRun.mockResolvedValue(run({}));
    saveAnswer.mockResolvedValue({ answeredCount: 1, questionCount: 3 });
    renderAt('/itskillcheckup/step-b?q=1');
    fireEvent.click(await screen.findByRole('radio', { name: '보기 1-3' }));
    await waitFor(() => expect(screen.getByTestId('itskill-question').textContent).toBe('질문 2'));
    expect(saveAnswer).toHaveBeenCalledWith(1, 13);
    fireEvent.click(screen.getByRole('radio', { name: '보기 2-1' }));
    await waitFor(() => expect(screen.getByTestId('itskill-question').textContent).toBe('질문 3'));
    const submit = screen.getByTestId('itskill-submit');
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: '보기 3-4' }));
    await waitFor(() => expect(screen.getByTestId('itskill-submit')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('itskill-submit'));
    expect(screen.getByTestId('where').textContent).toBe('/itskillcheckup/loading');
  });

  it('keeps the previous answer and says why when saving fails', async () => {
    getRun.mockResolvedValue(run({ 1: 12 }));
    const { ApiError } = await import('@sq/api-client');
    saveAnswer.mockRejectedValue(new ApiError('40', '이 체크업의 문항과 보기를 골라 주세요.', 400));
    renderAt('/itskillcheckup/step-b?q=1');
    fireEvent.click(await screen.findByRole('radio', { name: '보기 1-4' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '보기 1-2' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('itskill-question').textContent).toBe('질문 1');
  });

  it('sends a member without a run to step A', async () => {
    getRun.mockResolvedValue(null);
    renderAt('/itskillcheckup/step-b');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/itskillcheckup/step-a'));
  });
});
