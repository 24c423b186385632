import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import type { ReleasesResponse, VersionBucket } from '@sq/contracts/rum';
import { renderConsoleAt } from '../../../shared/console/test/render-console';
import { releaseRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files run as they are).
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get }));

const bucket = (hour: number, views: number, LCP: number | null): VersionBucket => ({
  at: `2026-11-26T${String(hour).padStart(2, '0')}:00:00.000Z`,
  views,
  errors: 0,
  LCP,
  INP: null,
  CLS: null,
});

/** The gateway's answer (api-gateway plugins/rum.ts) for one remote with a canary out. */
const answer: ReleasesResponse = {
  ErrorCode: '00',
  window: '24h',
  from: '2026-11-25T02:00:00.000Z',
  to: '2026-11-26T02:00:00.000Z',
  bucketMinutes: 60,
  remotes: [
    {
      name: 'mfe_programs',
      live: { version: '1.4.0', releasedAt: '2026-11-20T10:00:00.000Z' },
      canary: { version: '1.5.0', releasedAt: '2026-11-25T10:00:00.000Z', percent: 10 },
      history: [{ version: '1.3.0', releasedAt: '2026-11-10T10:00:00.000Z' }],
      events: [
        {
          kind: 'auto_rollback',
          actor: 'release-watcher',
          at: '2026-11-25T12:00:00.000Z',
          before: { live: '1.4.0', canary: { version: '1.4.1', percent: 50 } },
          after: { live: '1.4.0', canary: null },
          reason: '카나리 오류율 12.0%',
        },
        {
          kind: 'canary',
          actor: 'ci',
          at: '2026-11-25T10:00:00.000Z',
          before: { live: '1.4.0', canary: null },
          after: { live: '1.4.0', canary: { version: '1.4.1', percent: 50 } },
          reason: null,
        },
      ],
      versions: [
        {
          version: '1.4.0',
          views: 1200,
          errors: 6,
          errorRate: 0.005,
          LCP: 1830.4,
          INP: 120,
          CLS: 0.041,
          buckets: [bucket(0, 700, 1700), bucket(1, 0, null), bucket(2, 500, 2100)],
        },
        { version: '1.5.0', views: 80, errors: 4, errorRate: 0.05, LCP: null, INP: null, CLS: null, buckets: [] },
      ],
    },
  ],
};

const renderAt = (path: string) => renderConsoleAt(path, releaseRoutes);

describe('operators console: releases', { timeout: 20_000 }, () => {
  beforeEach(() => {
    api.get.mockResolvedValue(answer);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("shows each remote's live version, canary, history and per-version figures, with charts of the live version", async () => {
    renderAt('/admin/releases');
    const remote = await screen.findByTestId('release-remote', {}, { timeout: 8000 });
    expect(api.get).toHaveBeenCalledWith('/admin/releases', { window: '24h' }, expect.anything());
    expect(within(remote).getByRole('heading', { name: 'mfe_programs' })).toBeTruthy();
    expect(remote.textContent).toContain('운영 버전 1.4.0 (2026.11.20 배포)');
    expect(remote.textContent).toContain('카나리 1.5.0 (10%)');
    expect(remote.textContent).toContain('이전 배포 1.3.0 (2026.11.10)');
    // The release log: the automatic rollback with its reason, newest first.
    const log = within(remote).getByTestId('release-log');
    const rows = [...log.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['자동 롤백', '1.4.0 + 카나리 1.4.1 (50%) → 1.4.0', 'release-watcher', '카나리 오류율 12.0%'],
      ['카나리 배포', '1.4.0 → 1.4.0 + 카나리 1.4.1 (50%)', 'ci', ''],
    ]);
    const cells = (version: string) =>
      [...remote.querySelector(`[data-version="${version}"]`)!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells('1.4.0')).toEqual(['1.4.0', '운영 중', '1,200', '6', '0.5%', '1,830ms', '120ms', '0.04']);
    expect(cells('1.5.0')).toEqual(['1.5.0', '카나리 10%', '80', '4', '5.0%', '-', '-', '-']);
    // Five charts for the live version; the empty hour breaks the LCP line into two points.
    const charts = within(remote).getAllByTestId('release-chart');
    expect(charts).toHaveLength(5);
    const lcp = within(remote).getByRole('img', { name: 'LCP p75 추이' });
    expect(lcp.querySelectorAll('circle')).toHaveLength(2);
    expect(lcp.querySelector('path')!.getAttribute('d')!.match(/M/g)).toHaveLength(2);
    expect(lcp.closest('figure')!.textContent).toContain('최대 2,100ms');
  });

  it('asks again for the window the operator picks', async () => {
    renderAt('/admin/releases');
    await screen.findByTestId('release-remote', {}, { timeout: 8000 });
    fireEvent.change(screen.getByLabelText('기간'), { target: { value: '7d' } });
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/admin/releases', { window: '7d' }, expect.anything()),
    );
  });

  it("shows the gateway's Korean message when the figures cannot be read", async () => {
    api.get.mockImplementation(async () => {
      throw new ApiError('40', MESSAGES.releaseWindowInvalid, 400);
    });
    renderAt('/admin/releases?window=1h');
    expect(await screen.findByText(MESSAGES.releaseWindowInvalid, {}, { timeout: 8000 })).toBeTruthy();
  });
});
