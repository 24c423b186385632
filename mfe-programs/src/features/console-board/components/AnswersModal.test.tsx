import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MESSAGES } from '@sq/contracts/messages';
import { AnswersModal } from './AnswersModal';

// The API client is replaced at its edge (the feature's api/ file and hook run as they are).
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('operators console: an applicant answers', () => {
  it('says why a withdrawn member has no answers, and shows none', async () => {
    api.get.mockResolvedValue({ joinId: 41, answers: {}, erasedAt: '2027-02-01T00:00:00.000Z' });
    render(<AnswersModal joinId={41} name="회원 7001" codeNames={{}} onClose={() => undefined} />);
    expect((await screen.findByTestId('answers-erased')).textContent).toBe(MESSAGES.applicationAnswersErased);
    expect(api.get).toHaveBeenCalledWith('/admin/applications/41/answers', undefined, expect.anything());
  });

  it('shows no such notice for a member who is still here', async () => {
    api.get.mockResolvedValue({
      joinId: 42,
      answers: { required: { contactEmail: 'hana@example.kr', phone: '010-1234-5678' } },
      erasedAt: null,
    });
    render(<AnswersModal joinId={42} name="김하나" codeNames={{}} onClose={() => undefined} />);
    await screen.findByTestId('answers');
    expect(screen.queryByTestId('answers-erased')).toBeNull();
    expect(screen.getByTestId('answers').textContent).toContain('hana@example.kr');
  });
});
