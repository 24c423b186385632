import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { fieldMessages } from '@sq/contracts/forms';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  createWebhookSchema,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSummary,
} from '@sq/contracts/webhooks';
import { Button, Spinner, seoulTime, useAsync } from '@sq/ui';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  getDeliveries,
  getWebhooks,
  replayDelivery,
  rotateSecret,
  sendTest,
} from '../api/webhooks-api';
import styles from './api-tokens.module.css';

const STATUS_NAMES: Record<WebhookDelivery['status'], string> = {
  PENDING: '보내는 중',
  DELIVERED: '전달됨',
  FAILED: '실패',
};

/** What went to the endpoint and what it answered: the newest deliveries first, each replayable. */
function Deliveries({ webhook, onError }: { webhook: WebhookSummary; onError(message: string): void }) {
  const deliveries = useAsync((signal) => getDeliveries(webhook.webhookId, signal), [webhook.webhookId]);
  if (deliveries.status === 'loading') return <Spinner />;
  if (deliveries.status === 'error')
    return (
      <p className={styles.error} role="alert">
        {isApiError(deliveries.error) ? deliveries.error.message : CORE_MESSAGES.genericAlert}
      </p>
    );
  if (!deliveries.data.deliveries.length) return <p className={styles.empty}>아직 보낸 이벤트가 없어요.</p>;
  async function replay(delivery: WebhookDelivery) {
    try {
      await replayDelivery(webhook.webhookId, delivery.deliveryId);
      deliveries.reload();
    } catch (failure) {
      onError(isApiError(failure) ? failure.message : CORE_MESSAGES.genericAlert);
    }
  }
  return (
    <ul className={styles.list} data-testid="webhook-deliveries">
      {deliveries.data.deliveries.map((delivery) => (
        <li key={delivery.deliveryId} className={styles.item} data-testid="webhook-delivery">
          <div className={styles.meta}>
            <code>{delivery.eventType}</code> · {STATUS_NAMES[delivery.status]} · 시도 {delivery.attempts}회
            {delivery.lastStatusCode !== null ? <> · 응답 {delivery.lastStatusCode}</> : null}
            {delivery.replayOf !== null ? <> · 다시 보내기</> : null}
            <br />
            {seoulTime(delivery.createdAt)}
            {delivery.nextAttemptAt ? <> · 다음 시도 {seoulTime(delivery.nextAttemptAt)}</> : null}
            {delivery.lastAnswer ? (
              <>
                <br />
                <code>{delivery.lastAnswer}</code>
              </>
            ) : null}
          </div>
          <Button size="small" variant="text" disabled={!webhook.enabled} onClick={() => void replay(delivery)}>
            다시 보내기
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * My page's webhooks (on /mypage/tokens): subscribe an https endpoint to events, see each subscription's deliveries,
 * send the test event, replay, rotate the secret (shown once), turn a stopped one on again, delete. A session may
 * subscribe to every event; programs with a token need the scopes (docs on /developers#webhooks).
 */
export function WebhooksSection() {
  const webhooks = useAsync((signal) => getWebhooks(signal), []);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const fail = (failure: unknown) => setError(isApiError(failure) ? failure.message : CORE_MESSAGES.genericAlert);
  const toggle = (event: WebhookEventType) =>
    setEvents((now) => (now.includes(event) ? now.filter((e) => e !== event) : [...now, event]));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { url: url.trim(), events };
    const local = fieldMessages(createWebhookSchema.safeParse(body));
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const made = await createWebhook(body);
      setUrl('');
      setEvents([]);
      setSecret(made.secret);
      webhooks.reload();
    } catch (failure) {
      setErrors({ _: isApiError(failure) ? failure.message : CORE_MESSAGES.genericAlert });
    } finally {
      setBusy(false);
    }
  }

  async function act(run: () => Promise<unknown>) {
    setError('');
    try {
      await run();
      webhooks.reload();
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="webhooks-title" data-testid="webhooks">
      <h2 id="webhooks-title" className={styles.sectionTitle}>
        웹훅
      </h2>
      <p className={styles.lead}>
        팀 발표, 내 지원 상태 변경 같은 일이 생기면 내 서버(https 주소)로 바로 알려 드려요. 서명 검증과 재시도는{' '}
        <a href="/developers#webhooks">개발자 안내</a>를 보세요.
      </p>
      {secret ? (
        <div className={styles.secret} aria-live="polite" data-testid="webhook-secret">
          <strong>서명 비밀 키예요. 지금만 볼 수 있으니 받는 서버에 저장해 두세요.</strong>
          <code>{secret}</code>
          <div className={styles.actions}>
            <Button size="small" variant="secondary" onClick={() => void navigator.clipboard?.writeText(secret)}>
              복사
            </Button>
            <Button size="small" variant="text" onClick={() => setSecret(null)}>
              닫기
            </Button>
          </div>
        </div>
      ) : null}
      <form className={styles.field} onSubmit={(event) => void submit(event)} noValidate>
        <label className={styles.label} htmlFor="webhook-url">
          받을 주소
        </label>
        <input
          id="webhook-url"
          className={styles.input}
          value={url}
          maxLength={2000}
          placeholder="https://example.com/hooks/sidequest"
          onChange={(e) => setUrl(e.target.value)}
        />
        {errors.url ? (
          <p className={styles.error} role="alert">
            {errors.url}
          </p>
        ) : null}
        <fieldset className={styles.field}>
          <legend className={styles.label}>이벤트</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className={styles.check}>
              <input type="checkbox" checked={events.includes(name)} onChange={() => toggle(name)} />
              {WEBHOOK_EVENT_LABELS[name]} <span className={styles.scopeName}>{name}</span>
            </label>
          ))}
          {errors.events ? (
            <p className={styles.error} role="alert">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        {errors._ ? (
          <p className={styles.error} role="alert">
            {errors._}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            웹훅 구독하기
          </Button>
        </div>
      </form>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {webhooks.status === 'loading' ? (
        <Spinner />
      ) : webhooks.status === 'error' ? (
        <p className={styles.error} role="alert">
          {isApiError(webhooks.error) ? webhooks.error.message : CORE_MESSAGES.genericAlert}
        </p>
      ) : webhooks.data.webhooks.length === 0 ? (
        <p className={styles.empty}>구독한 웹훅이 없어요.</p>
      ) : (
        <ul className={styles.list}>
          {webhooks.data.webhooks.map((webhook) => (
            <li key={webhook.webhookId} className={styles.item} data-testid="webhook-item">
              <div>
                <code>{webhook.url}</code>
                <div className={styles.meta}>
                  {webhook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}
                  <br />
                  {webhook.enabled ? (
                    '사용 중'
                  ) : (
                    <strong>전송이 계속 실패해 중지됨 ({seoulTime(webhook.disabledAt)})</strong>
                  )}
                  {webhook.consecutiveFailures ? <> · 연속 실패 {webhook.consecutiveFailures}건</> : null}
                </div>
                <div className={styles.actions}>
                  {webhook.enabled ? (
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => void act(() => sendTest(webhook.webhookId).then(() => setOpen(webhook.webhookId)))}
                    >
                      테스트 보내기
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => void act(() => enableWebhook(webhook.webhookId))}
                    >
                      다시 켜기
                    </Button>
                  )}
                  <Button
                    size="small"
                    variant="text"
                    onClick={() => setOpen(open === webhook.webhookId ? null : webhook.webhookId)}
                  >
                    전송 기록
                  </Button>
                  <Button
                    size="small"
                    variant="text"
                    onClick={() => void act(async () => setSecret((await rotateSecret(webhook.webhookId)).secret))}
                  >
                    키 바꾸기
                  </Button>
                  <Button
                    size="small"
                    variant="text"
                    onClick={() =>
                      window.confirm('이 웹훅 구독을 지울까요? 전송 기록도 함께 지워져요.') &&
                      void act(() => deleteWebhook(webhook.webhookId))
                    }
                  >
                    삭제
                  </Button>
                </div>
                {open === webhook.webhookId ? (
                  <Deliveries
                    key={`${webhook.webhookId}-${webhooks.data.webhooks.length}`}
                    webhook={webhook}
                    onError={setError}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
