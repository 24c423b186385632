import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button, formatThousands, useAsync } from '@sq/ui';
import { claimSkillPoint, getPointReceived } from '../api/result-api';
import styles from './checkup-result.module.css';

/** The check-up's point: a button while not received, "이미 받았어요" after; the account service decides. */
export function PointClaim() {
  const status = useAsync((signal) => getPointReceived(signal), []);
  const [granted, setGranted] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [claiming, setClaiming] = useState(false);
  const received = granted !== null || (status.status === 'success' && status.data);

  async function claim() {
    setClaiming(true);
    setMessage(null);
    try {
      setGranted(await claimSkillPoint());
    } catch (error) {
      if (isApiError(error) && error.message === ACCOUNT_MESSAGES.pointAlreadyGranted) status.reload();
      setMessage(isApiError(error) ? error.message : CORE_MESSAGES.genericAlert);
    } finally {
      setClaiming(false);
    }
  }

  if (status.status === 'loading') return null;
  return (
    <section className={styles.point} data-testid="itskill-point" aria-live="polite">
      <div>
        <h2 className={styles.pointTitle}>체크업 완료 포인트</h2>
        <p className={styles.pointDesc}>
          {granted !== null
            ? `${formatThousands(granted)}포인트를 받았어요.`
            : received
              ? ACCOUNT_MESSAGES.pointAlreadyGranted
              : '체크업을 마친 회원에게 한 번 드려요.'}
        </p>
        {message && granted === null ? (
          <p role="alert" className={styles.error}>
            {message}
          </p>
        ) : null}
      </div>
      <Button onClick={() => void claim()} disabled={Boolean(received) || claiming} data-testid="itskill-point-claim">
        {received ? '받기 완료' : claiming ? '받는 중…' : '포인트 받기'}
      </Button>
    </section>
  );
}
