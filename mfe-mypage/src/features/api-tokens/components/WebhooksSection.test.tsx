import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import { CONSUMER_MESSAGES } from '@sq/contracts/messages';
import type { WebhookDelivery, WebhookSummary } from '@sq/contracts/webhooks';
import { WebhooksSection } from './WebhooksSection';

// The section's calls are the remote's API module (the service's answers are tested in services/programs/test/webhooks.test.ts).
const api = vi.hoisted(() => ({
  getWebhooks: vi.fn(),
  createWebhook: vi.fn(),
  deleteWebhook: vi.fn(),
  rotateSecret: vi.fn(),
  enableWebhook: vi.fn(),
  sendTest: vi.fn(),
  getDeliveries: vi.fn(),
  replayDelivery: vi.fn(),
}));
vi.mock('../api/webhooks-api', () => api);

const hook: WebhookSummary = {
  webhookId: 7,
  url: 'https://bot.example.com/hooks',
  events: ['teams.published', 'application.state_changed'],
  enabled: true,
  disabledAt: null,
  consecutiveFailures: 0,
  createdAt: '2026-11-20T03:00:00.000Z',
};
const failed: WebhookDelivery = {
  deliveryId: 31,
  messageId: 'msg_abc',
  eventType: 'teams.published',
  status: 'FAILED',
  attempts: 8,
  lastStatusCode: 503,
  lastAnswer: 'maintenance',
  createdAt: '2026-11-20T03:00:00.000Z',
  lastAttemptAt: '2026-11-21T06:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  replayOf: null,
};
const SECRET = `whsec_${'A'.repeat(43)}=`;

describe('my page: webhooks', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("checks the form before sending, shows the service's refusal, then the secret once", async () => {
    api.getWebhooks.mockResolvedValue({ ErrorCode: '00', webhooks: [] });
    api.createWebhook.mockRejectedValueOnce(new ApiError('40', CONSUMER_MESSAGES.webhookUrlInvalid, 400, {}));
    api.createWebhook.mockResolvedValueOnce({ ErrorCode: '00', webhook: hook, secret: SECRET });
    render(<WebhooksSection />);
    expect(await screen.findByText('구독한 웹훅이 없어요.')).toBeTruthy();
    fireEvent.click(screen.getByText('웹훅 구독하기'));
    expect(await screen.findByText(CONSUMER_MESSAGES.webhookUrlInvalid)).toBeTruthy();
    expect(screen.getByText(CONSUMER_MESSAGES.webhookEventsRequired)).toBeTruthy();
    expect(api.createWebhook).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('받을 주소'), { target: { value: 'http://bot.example.com/hooks' } });
    fireEvent.click(screen.getByLabelText(/팀 발표/));
    fireEvent.click(screen.getByText('웹훅 구독하기'));
    expect(await screen.findByText(CONSUMER_MESSAGES.webhookUrlInvalid)).toBeTruthy();
    expect(api.createWebhook).toHaveBeenCalledWith({
      url: 'http://bot.example.com/hooks',
      events: ['teams.published'],
    });

    fireEvent.change(screen.getByLabelText('받을 주소'), { target: { value: ' https://bot.example.com/hooks ' } });
    fireEvent.click(screen.getByText('웹훅 구독하기'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain(SECRET);
    expect(api.createWebhook).toHaveBeenLastCalledWith({
      url: 'https://bot.example.com/hooks',
      events: ['teams.published'],
    });
    fireEvent.click(screen.getByText('닫기'));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('lists subscriptions with their events in Korean, shows deliveries and replays one', async () => {
    api.getWebhooks.mockResolvedValue({ ErrorCode: '00', webhooks: [hook] });
    api.getDeliveries.mockResolvedValue({ ErrorCode: '00', deliveries: [failed] });
    api.replayDelivery.mockResolvedValue({
      ErrorCode: '00',
      delivery: { ...failed, deliveryId: 32, status: 'PENDING', attempts: 0, replayOf: 31 },
    });
    render(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-item');
    expect(item.textContent).toContain('https://bot.example.com/hooks');
    expect(item.textContent).toContain('팀 발표, 내 지원 상태 변경');
    expect(item.textContent).toContain('사용 중');
    fireEvent.click(within(item).getByText('전송 기록'));
    const delivery = await screen.findByTestId('webhook-delivery');
    expect(delivery.textContent).toContain('teams.published · 실패 · 시도 8회 · 응답 503');
    expect(delivery.textContent).toContain('maintenance');
    fireEvent.click(within(delivery).getByText('다시 보내기'));
    await waitFor(() => expect(api.replayDelivery).toHaveBeenCalledWith(7, 31));
  });

  it('turns a stopped subscription on again', async () => {
    api.getWebhooks.mockResolvedValue({
      ErrorCode: '00',
      webhooks: [{ ...hook, enabled: false, disabledAt: '2026-11-21T06:00:00.000Z', consecutiveFailures: 3 }],
    });
    api.enableWebhook.mockResolvedValue({ ErrorCode: '00', webhook: hook });
    render(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-item');
    expect(item.textContent).toContain('전송이 계속 실패해 중지됨 (2026.11.21 15:00)');
    expect(item.textContent).toContain('연속 실패 3건');
    expect(within(item).queryByText('테스트 보내기')).toBeNull();
    fireEvent.click(within(item).getByText('다시 켜기'));
    await waitFor(() => expect(api.enableWebhook).toHaveBeenCalledWith(7));
  });
});
