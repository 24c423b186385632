import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import { PARTNER_MESSAGES } from '@sq/contracts/messages';
import type { PartnerConsent } from '@sq/contracts/partner-apps';
import { ConnectedAppsPage } from './ConnectedAppsPage';

// The page's calls are the remote's API module (the service's answers are tested in api-gateway/test/partner-apps-real.test.ts).
const api = vi.hoisted(() => ({ getConsents: vi.fn(), revokeConsent: vi.fn() }));
vi.mock('../api/consents-api', () => api);

const jobBoard: PartnerConsent = {
  grantId: 'g-1',
  appName: '잡보드',
  scopes: ['applications:read', 'programs:read'],
  grantedAt: '2026-11-20T03:00:00.000Z',
};

describe('my page: connected apps', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists each app with its scopes in Korean and the date of consent', async () => {
    api.getConsents.mockResolvedValue({ ErrorCode: '00', consents: [jobBoard] });
    render(<ConnectedAppsPage />);
    const item = await screen.findByTestId('consent-item');
    expect(item.textContent).toContain('잡보드');
    expect(item.textContent).toContain('내 지원 내역 조회, 프로그램·기수 조회');
    expect(item.textContent).toContain('연결한 날 2026.11.20');
  });

  it("revokes a consent after confirmation, and shows the service's refusal", async () => {
    api.getConsents.mockResolvedValue({ ErrorCode: '00', consents: [jobBoard] });
    api.revokeConsent.mockRejectedValueOnce(new ApiError('44', PARTNER_MESSAGES.partnerConsentNotFound, 404, {}));
    vi.stubGlobal('confirm', () => true);
    render(<ConnectedAppsPage />);
    fireEvent.click(await screen.findByText('연결 끊기'));
    expect(await screen.findByText(PARTNER_MESSAGES.partnerConsentNotFound)).toBeTruthy();

    api.revokeConsent.mockResolvedValue({ ErrorCode: '00' });
    api.getConsents.mockResolvedValue({ ErrorCode: '00', consents: [] });
    fireEvent.click(screen.getByText('연결 끊기'));
    await waitFor(() => expect(api.revokeConsent).toHaveBeenCalledWith('g-1'));
    expect(await screen.findByText('연결한 앱이 없어요.')).toBeTruthy();
  });

  it('does nothing when the member changes their mind', async () => {
    api.getConsents.mockResolvedValue({ ErrorCode: '00', consents: [jobBoard] });
    vi.stubGlobal('confirm', () => false);
    render(<ConnectedAppsPage />);
    fireEvent.click(await screen.findByText('연결 끊기'));
    expect(api.revokeConsent).not.toHaveBeenCalled();
  });
});
