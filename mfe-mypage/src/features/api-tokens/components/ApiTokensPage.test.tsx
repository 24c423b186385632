import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import { CONSUMER_MESSAGES } from '@sq/contracts/messages';
import type { PersonalTokenSummary } from '@sq/contracts/api-consumers';
import { ApiTokensPage } from './ApiTokensPage';

// The page's calls are the remote's API module (the service's answers are tested in services/account/test/personal-tokens.test.ts).
const api = vi.hoisted(() => ({ getTokens: vi.fn(), getUsage: vi.fn(), createToken: vi.fn(), revokeToken: vi.fn() }));
vi.mock('../api/tokens-api', () => api);
// The webhook section below the tokens has its own test (WebhooksSection.test.tsx): here it has none.
vi.mock('../api/webhooks-api', () => ({ getWebhooks: vi.fn().mockResolvedValue({ ErrorCode: '00', webhooks: [] }) }));

const bot: PersonalTokenSummary = {
  tokenId: 4,
  name: '체크인 봇',
  scopes: ['sprint:checkin', 'applications:read'],
  hint: 'sqp_AbCd',
  createdAt: '2026-11-20T03:00:00.000Z',
  expiresAt: '2026-12-20T03:00:00.000Z',
  lastUsedAt: '2026-11-28T03:00:00.000Z',
};
const SECRET = `sqp_${'x'.repeat(43)}`;

describe('my page: API tokens', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("lists tokens with their scopes in Korean, last use and today's requests", async () => {
    api.getTokens.mockResolvedValue({ ErrorCode: '00', tokens: [bot] });
    api.getUsage.mockResolvedValue({ ErrorCode: '00', usage: [{ tokenId: 4, requestsToday: 17 }] });
    render(<ApiTokensPage />);
    const item = await screen.findByTestId('token-item');
    expect(item.textContent).toContain('체크인 봇');
    expect(item.textContent).toContain('스프린트 체크인, 내 지원 내역 조회');
    expect(item.textContent).toContain('마지막 사용 2026.11.28');
    await waitFor(() => expect(screen.getByTestId('token-requests').textContent).toBe('17'));
    expect(item.textContent).not.toContain(SECRET);
  });

  it('checks the form before sending, then shows the new secret once', async () => {
    api.getTokens.mockResolvedValue({ ErrorCode: '00', tokens: [] });
    api.getUsage.mockResolvedValue({ ErrorCode: '00', usage: [] });
    api.createToken.mockResolvedValue({
      ErrorCode: '00',
      token: SECRET,
      summary: { ...bot, tokenId: 5, name: '내보내기', scopes: ['careercard:read'] },
    });
    render(<ApiTokensPage />);
    fireEvent.click(await screen.findByText('토큰 만들기'));
    expect(await screen.findByText(CONSUMER_MESSAGES.personalTokenNameRequired)).toBeTruthy();
    expect(screen.getByText(CONSUMER_MESSAGES.personalTokenScopesRequired)).toBeTruthy();
    expect(api.createToken).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('이름'), { target: { value: '내보내기' } });
    fireEvent.click(screen.getByLabelText(/커리어 카드 조회/));
    fireEvent.change(screen.getByLabelText('만료'), { target: { value: '365' } });
    fireEvent.click(screen.getByText('토큰 만들기'));
    await waitFor(() =>
      expect(api.createToken).toHaveBeenCalledWith({
        name: '내보내기',
        scopes: ['careercard:read'],
        expiresInDays: 365,
      }),
    );
    expect((await screen.findByTestId('token-secret')).textContent).toContain(SECRET);
    fireEvent.click(screen.getByText('닫기'));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("shows the service's refusal and revokes a token after confirmation", async () => {
    api.getTokens.mockResolvedValue({ ErrorCode: '00', tokens: [bot] });
    api.getUsage.mockRejectedValue(new Error('gateway down'));
    api.createToken.mockRejectedValue(
      new ApiError('49', '토큰은 최대 20개까지 만들 수 있어요. 쓰지 않는 토큰을 먼저 폐기해 주세요.', 409, {}),
    );
    api.revokeToken.mockResolvedValue({ ErrorCode: '00' });
    vi.stubGlobal('confirm', () => true);
    render(<ApiTokensPage />);
    await screen.findByTestId('token-item');
    expect(screen.queryByTestId('token-requests')).toBeNull();
    fireEvent.change(screen.getByLabelText('이름'), { target: { value: '하나 더' } });
    fireEvent.click(screen.getByLabelText(/프로그램·기수 조회/));
    fireEvent.click(screen.getByText('토큰 만들기'));
    expect(await screen.findByText(/최대 20개/)).toBeTruthy();

    api.getTokens.mockResolvedValue({ ErrorCode: '00', tokens: [] });
    fireEvent.click(screen.getByText('폐기'));
    await waitFor(() => expect(api.revokeToken).toHaveBeenCalledWith(4));
    expect(await screen.findByText('아직 만든 토큰이 없어요.')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
