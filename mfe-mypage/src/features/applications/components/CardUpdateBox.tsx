import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { ApplicationDetail } from '@sq/contracts/api/applications';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { Button, seoulTime } from '@sq/ui';
import { startCardUpdate } from '../api/applications';
import styles from './applications.module.css';

/** Leaves the site for the PG's hosted card page (top-level navigation; the PG returns to the site's callback). */
const openHostedPage = (url: string) => window.location.assign(url);

/**
 * A team charge declined at publish (the mail links here): until the deadline the member registers another
 * card ("카드 변경" opens the PG's card page; its return confirms and comes back to this page). After the
 * deadline the page says so.
 */
export function CardUpdateBox({
  application,
  open = openHostedPage,
}: {
  application: ApplicationDetail;
  open?: (url: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { cardUpdate } = application;
  if (!cardUpdate?.deadlineAt) return null;
  if (!cardUpdate.open) {
    return (
      <p className={styles.alert} role="alert" data-testid="card-update-closed">
        {APPLICATION_MESSAGES.cardUpdateClosed}
      </p>
    );
  }
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { payment } = await startCardUpdate(application.joinId);
      open(payment.paymentPageUrl);
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="card-update-title" data-testid="card-update">
      <h2 id="card-update-title" className={styles.sectionTitle}>
        결제 카드 변경
      </h2>
      <p className={styles.notice}>
        팀이 확정되었지만 참가비 결제가 카드사에서 거절되었어요.{'\n'}
        <strong data-testid="card-update-deadline">{seoulTime(cardUpdate.deadlineAt)}</strong>까지 결제 카드를 바꿔
        주시면 팀 자리가 유지돼요. 기한이 지나면 자리는 대기자에게 넘어가요.
      </p>
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => void start()} disabled={busy} data-testid="card-update-open">
          {busy ? '카드 등록 페이지로 이동하는 중...' : '카드 변경'}
        </Button>
      </div>
    </section>
  );
}
