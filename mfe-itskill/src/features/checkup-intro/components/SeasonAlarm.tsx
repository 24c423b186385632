import { useState, useSyncExternalStore } from 'react';
import { getSession, isApiError, isTokenValid, subscribe } from '@sq/api-client';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { Button, useAsync } from '@sq/ui';
import { getIsAlarm, setSurveyAlarm } from '../api/survey-alarm';
import styles from './checkup-intro.module.css';

/** "다음 시즌 알림 받기": signed-in members ask for a mail when the next check-up season opens. */
export function SeasonAlarm() {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  const signedIn = isTokenValid(session.token);
  const status = useAsync((signal) => (signedIn ? getIsAlarm(signal) : Promise.resolve(false)), [signedIn]);
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!signedIn) return <p className={styles.alarmHint}>로그인하면 다음 시즌이 열릴 때 메일로 알려 드려요.</p>;
  const subscribed = on || (status.status === 'success' && status.data);

  async function ask() {
    setError(null);
    try {
      setOn(await setSurveyAlarm());
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : MESSAGES.genericAlert);
    }
  }

  return (
    <div className={styles.alarm} aria-live="polite" data-testid="itskill-alarm">
      <Button variant="secondary" onClick={() => void ask()} disabled={subscribed || status.status === 'loading'}>
        {subscribed ? '다음 시즌 알림 신청 완료' : '다음 시즌 알림 받기'}
      </Button>
      {subscribed ? <p className={styles.alarmHint}>다음 시즌이 열리면 수신용 이메일로 알려 드려요.</p> : null}
      {error ? (
        <p role="alert" className={styles.alarmHint}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
