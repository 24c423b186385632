import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { quickstartText } from '@sq/contracts/developers-quickstart';
import { DevelopersPage } from './DevelopersPage';

// The page reads the public API's own document; here the published one (api-gateway/public-api), as the gateway serves it.
const client = vi.hoisted(() => ({ apiGet: vi.fn() }));
vi.mock('@sq/api-client', async (original) => ({ ...(await original<object>()), apiGet: client.apiGet }));

type Document = { paths: Record<string, Record<string, { summary: string; 'x-scopes': string[] }>> };
// The public document's shape as the gateway serves it (api-gateway/public-api/2026-11-01.json), cut to three operations.
const published: Document & { info: { version: string } } = {
  info: { version: '2026-11-01' },
  paths: {
    '/api/products': { get: { summary: '프로그램 목록과 모집 중인 기수', 'x-scopes': ['programs:read'] } },
    '/api/join/history': { get: { summary: '내 지원 내역', 'x-scopes': ['applications:read'] } },
    '/api/applications/{joinId}/checkin': {
      post: { summary: '스프린트 오늘의 체크인', 'x-scopes': ['sprint:checkin'] },
    },
  },
};

describe('/developers', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists every public operation with its scopes in Korean, from the public document', async () => {
    client.apiGet.mockResolvedValue(published);
    render(<DevelopersPage />);
    const table = await screen.findByTestId('developers-operations');
    expect(client.apiGet).toHaveBeenCalledWith('/public/openapi.json', undefined, expect.anything());
    const rows = within(table).getAllByRole('row').slice(1);
    const count = Object.values(published.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(rows).toHaveLength(count);
    expect(table.textContent).toContain('GET /api/join/history');
    expect(table.textContent).toContain('내 지원 내역 조회');
    expect(table.textContent).not.toContain('admin');
    expect(screen.getByTestId('developers-version').textContent).toBe('2026-11-01');
    // Partner apps: where the authorization server describes itself, and that PKCE is required.
    const partners = screen.getByRole('heading', { name: '파트너 앱 (OAuth 2.0)' }).parentElement!;
    expect(partners.querySelector('a[href="/oauth2/.well-known/openid-configuration"]')).not.toBeNull();
    expect(partners.textContent).toContain('PKCE(S256)는 반드시');
  });

  it('has a quickstart whose calls are public operations needing the scopes it names', async () => {
    client.apiGet.mockResolvedValue(published);
    render(<DevelopersPage />);
    const text = (await screen.findByTestId('developers-quickstart')).textContent!;
    expect(text).toBe(quickstartText(window.location.origin, '2026-11-01'));
    const paths = published.paths;
    expect(text).toContain(`${window.location.origin}/api/join/history`);
    expect(text).toContain('"내 지원 내역 조회"');
    expect(paths['/api/join/history']!.get!['x-scopes']).toEqual(['applications:read']);
    expect(text).toContain(`${window.location.origin}/api/applications/{joinId}/checkin`);
    expect(text).toContain('"스프린트 체크인"');
    expect(paths['/api/applications/{joinId}/checkin']!.post!['x-scopes']).toEqual(['sprint:checkin']);
    expect(text).toContain('Sidequest-Version: 2026-11-01');
  });

  it('lists every webhook event with the scope it needs', async () => {
    client.apiGet.mockResolvedValue(published);
    render(<DevelopersPage />);
    const events = screen.getByTestId('developers-webhook-events');
    const rows = within(events)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['cohort.opened', '기수 모집 시작', '프로그램·기수 조회'],
      ['teams.published', '팀 발표', '프로그램·기수 조회'],
      ['application.state_changed', '내 지원 상태 변경', '내 지원 내역 조회'],
      ['sprint.checkin_missed', '내 스프린트 체크인 누락', '스프린트 체크인'],
    ]);
    expect(document.getElementById('webhooks')?.textContent).toBe('웹훅');
  });
});
