import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { SCOPE_LABELS } from '@sq/contracts/api-consumers';
import type { PartnerConsent } from '@sq/contracts/partner-apps';
import { Button, ErrorFallback, Spinner, formatDate, useAsync } from '@sq/ui';
import { getConsents, revokeConsent } from '../api/consents-api';
import styles from './connected-apps.module.css';

/**
 * /mypage/apps (members): the partner apps the member let act for them, with what each may do and since when.
 * Ending a connection revokes the consent and every token the app got under it at once.
 */
export function ConnectedAppsPage() {
  const consents = useAsync((signal) => getConsents(signal), []);
  const [error, setError] = useState('');

  if (consents.status === 'loading') return <Spinner boxed />;
  if (consents.status === 'error')
    return (
      <ErrorFallback
        title={isApiError(consents.error) ? consents.error.message : CORE_MESSAGES.genericAlert}
        onRetry={consents.reload}
      />
    );

  async function revoke(consent: PartnerConsent) {
    if (!window.confirm(`'${consent.appName}' 앱과의 연결을 끊을까요? 이 앱은 바로 회원님의 정보에 접근할 수 없어요.`))
      return;
    setError('');
    try {
      await revokeConsent(consent.grantId);
      consents.reload();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : CORE_MESSAGES.genericAlert);
    }
  }

  return (
    <div className={styles.page} data-testid="connected-apps">
      <h1 className={styles.title}>연결된 앱</h1>
      <p className={styles.lead}>
        회원님이 동의해 연결한 파트너 앱이에요. 앱은 동의한 권한 안에서만 회원님을 대신해 요청할 수 있고, 연결을 끊으면
        바로 접근할 수 없어요.
      </p>
      <section className={styles.section} aria-labelledby="consent-list-title">
        <h2 id="consent-list-title" className={styles.sectionTitle}>
          연결한 앱
        </h2>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        {consents.data.consents.length === 0 ? (
          <p className={styles.empty}>연결한 앱이 없어요.</p>
        ) : (
          <ul className={styles.list}>
            {consents.data.consents.map((consent) => (
              <li key={consent.grantId} className={styles.item} data-testid="consent-item">
                <div>
                  <strong>{consent.appName}</strong>
                  <div className={styles.meta}>
                    권한: {consent.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ') || '없음'}
                    <br />
                    연결한 날 {formatDate(consent.grantedAt)}
                  </div>
                </div>
                <Button size="small" variant="secondary" onClick={() => void revoke(consent)}>
                  연결 끊기
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
