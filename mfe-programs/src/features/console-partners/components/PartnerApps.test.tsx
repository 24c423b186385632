import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import { PARTNER_MESSAGES } from '@sq/contracts/messages';
import type { PartnerAppAuditEntry, PartnerAppSummary } from '@sq/contracts/partner-apps';
import { renderConsoleAt } from '../../../shared/console/test/render-console';
import { partnerRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({
  ...(await actual<object>()),
  apiGet: api.get,
  apiPost: api.post,
  apiPut: api.put,
}));

const jobBoard: PartnerAppSummary = {
  appId: 3,
  clientId: 'sqa_abcdefghijklmnop',
  name: '잡보드',
  ownerEmail: 'dev@partner.example',
  scopes: ['programs:read', 'applications:read'],
  tier: 'partner',
  redirectUris: ['https://partner.example/cb'],
  enabled: true,
  secretHint: 'sqs_AbCd',
  secretRotatedAt: '2026-11-20T03:00:00.000Z',
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
};
const SECRET = `sqs_${'s'.repeat(43)}`;
const created: PartnerAppAuditEntry = {
  auditId: 1,
  actorUserId: 2,
  action: 'PARTNER_APP_CREATE',
  appId: 3,
  createdAt: '2026-11-20T03:00:00.000Z',
};
let apps: PartnerAppSummary[];

describe('console: partner apps', () => {
  beforeEach(() => {
    apps = [jobBoard];
    api.get.mockImplementation(async (path: string) =>
      path === '/admin/partner-apps' ? { ErrorCode: '00', apps } : { ErrorCode: '00', entries: [created] },
    );
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it("lists apps with scopes in Korean, tier, redirect URIs, state and the secret's hint only, and the change log", async () => {
    renderConsoleAt('/admin/partner-apps', partnerRoutes);
    const row = await screen.findByTestId('partner-app');
    expect(row.textContent).toContain('잡보드');
    expect(row.textContent).toContain('프로그램·기수 조회, 내 지원 내역 조회');
    expect(row.textContent).toContain('기본');
    expect(row.textContent).toContain('https://partner.example/cb');
    expect(row.textContent).toContain('사용 중');
    expect(row.textContent).toContain('sqs_AbCd…');
    expect((await screen.findByTestId('partner-app-audit')).textContent).toContain('앱 등록');
  });

  it('checks the form in Korean before sending, then shows the new secret once', async () => {
    renderConsoleAt('/admin/partner-apps', partnerRoutes);
    fireEvent.click(await screen.findByText('앱 등록'));
    const form = screen.getByTestId('partner-app-form');
    fireEvent.change(within(form).getByLabelText('앱 이름'), { target: { value: '코호트 알리미' } });
    fireEvent.change(within(form).getByLabelText('담당자 이메일'), { target: { value: 'dev@partner.example' } });
    fireEvent.change(within(form).getByLabelText(/리디렉션 URI/), { target: { value: 'http://partner.example/cb' } });
    fireEvent.click(within(form).getByText('등록'));
    expect(await within(form).findByText(PARTNER_MESSAGES.partnerAppScopesRequired)).toBeTruthy();
    expect(within(form).getByText(PARTNER_MESSAGES.partnerAppRedirectUriInvalid)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    const made: PartnerAppSummary = {
      ...jobBoard,
      appId: 4,
      name: '코호트 알리미',
      redirectUris: [],
      scopes: ['programs:read'],
    };
    api.post.mockResolvedValue({ ErrorCode: '00', app: made, clientSecret: SECRET });
    fireEvent.click(within(form).getByLabelText(/프로그램·기수 조회/));
    fireEvent.change(within(form).getByLabelText(/리디렉션 URI/), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('요청 한도 등급'), { target: { value: 'partner-plus' } });
    apps = [made, jobBoard];
    fireEvent.click(within(form).getByText('등록'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/partner-apps', {
        name: '코호트 알리미',
        ownerEmail: 'dev@partner.example',
        scopes: ['programs:read'],
        tier: 'partner-plus',
        redirectUris: [],
        enabled: true,
      }),
    );
    expect((await screen.findByTestId('partner-secret')).textContent).toContain(SECRET);
    fireEvent.click(screen.getByText('닫기'));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("stops an app, shows the service's refusal, and rotates a secret after confirmation", async () => {
    api.put.mockRejectedValueOnce(new ApiError('44', PARTNER_MESSAGES.partnerAppNotFound, 404, {}));
    renderConsoleAt('/admin/partner-apps', partnerRoutes);
    fireEvent.click(await screen.findByText('수정'));
    const form = screen.getByTestId('partner-app-form');
    fireEvent.click(within(form).getByLabelText(/사용 중/));
    fireEvent.click(within(form).getByText('저장'));
    expect(await within(form).findByText(PARTNER_MESSAGES.partnerAppNotFound)).toBeTruthy();
    api.put.mockResolvedValue({ ErrorCode: '00', app: { ...jobBoard, enabled: false } });
    fireEvent.click(within(form).getByText('저장'));
    await waitFor(() =>
      expect(api.put).toHaveBeenLastCalledWith(
        '/admin/partner-apps/3',
        expect.objectContaining({ enabled: false, redirectUris: ['https://partner.example/cb'] }),
      ),
    );

    vi.stubGlobal('confirm', () => true);
    api.post.mockResolvedValue({ ErrorCode: '00', app: { ...jobBoard, secretHint: 'sqs_NeWw' }, clientSecret: SECRET });
    fireEvent.click(await screen.findByText('시크릿 재발급'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/partner-apps/3/secret', {}));
    expect((await screen.findByTestId('partner-secret')).textContent).toContain(SECRET);
  });
});
