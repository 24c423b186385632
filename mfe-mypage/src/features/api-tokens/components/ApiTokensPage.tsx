import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { SCOPE_LABELS, type PersonalTokenSummary } from '@sq/contracts/api-consumers';
import { Button, ErrorFallback, Spinner, formatDate, useAsync } from '@sq/ui';
import { getTokens, getUsage, revokeToken } from '../api/tokens-api';
import { WebhooksSection } from './WebhooksSection';
import { CreateTokenForm } from './CreateTokenForm';
import styles from './api-tokens.module.css';

/**
 * /mypage/tokens (members): personal access tokens for the public API. A new token's secret is shown once, right
 * after it is made; the list shows each token's scopes, expiry, last use and today's requests, and revokes at once.
 * Below, the member's webhook subscriptions (WebhooksSection).
 */
export function ApiTokensPage() {
  const tokens = useAsync((signal) => getTokens(signal), []);
  // The gateway's counts: a token it has not counted today made no request; without an answer none is shown.
  const usage = useAsync((signal) => getUsage(signal), []);
  const [created, setCreated] = useState<{ token: string; summary: PersonalTokenSummary } | null>(null);
  const [error, setError] = useState('');

  if (tokens.status === 'loading') return <Spinner boxed />;
  if (tokens.status === 'error')
    return (
      <ErrorFallback
        title={isApiError(tokens.error) ? tokens.error.message : CORE_MESSAGES.genericAlert}
        onRetry={tokens.reload}
      />
    );
  const requestsOf = (tokenId: number) =>
    usage.status === 'success' ? (usage.data.usage.find((u) => u.tokenId === tokenId)?.requestsToday ?? 0) : null;

  async function revoke(token: PersonalTokenSummary) {
    if (!window.confirm(`'${token.name}' 토큰을 폐기할까요? 이 토큰을 쓰는 프로그램은 바로 동작하지 않아요.`)) return;
    setError('');
    try {
      await revokeToken(token.tokenId);
      if (created?.summary.tokenId === token.tokenId) setCreated(null);
      tokens.reload();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : CORE_MESSAGES.genericAlert);
    }
  }

  return (
    <div className={styles.page} data-testid="api-tokens">
      <h1 className={styles.title}>API 토큰</h1>
      <p className={styles.lead}>
        API 토큰으로 내 지원 내역 조회, 스프린트 체크인 같은 기능을 프로그램에서 쓸 수 있어요. 토큰은 비밀번호처럼 다뤄
        주세요. 비밀번호를 재설정하거나 탈퇴하면 모든 토큰이 폐기돼요. 자세한 사용법은{' '}
        <a href="/developers">개발자 안내</a>를 보세요.
      </p>
      {created ? (
        <section className={styles.secret} aria-live="polite" data-testid="token-secret">
          <strong>새 토큰이 만들어졌어요. 지금만 볼 수 있으니 안전한 곳에 복사해 두세요.</strong>
          <code>{created.token}</code>
          <div className={styles.actions}>
            <Button size="small" variant="secondary" onClick={() => void navigator.clipboard?.writeText(created.token)}>
              복사
            </Button>
            <Button size="small" variant="text" onClick={() => setCreated(null)}>
              닫기
            </Button>
          </div>
        </section>
      ) : null}
      <CreateTokenForm
        onCreated={(made) => {
          setCreated(made);
          tokens.reload();
          usage.reload();
        }}
      />
      <section className={styles.section} aria-labelledby="token-list-title">
        <h2 id="token-list-title" className={styles.sectionTitle}>
          내 토큰
        </h2>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        {tokens.data.tokens.length === 0 ? (
          <p className={styles.empty}>아직 만든 토큰이 없어요.</p>
        ) : (
          <ul className={styles.list}>
            {tokens.data.tokens.map((token) => {
              const requests = requestsOf(token.tokenId);
              return (
                <li key={token.tokenId} className={styles.item} data-testid="token-item">
                  <div>
                    <strong>{token.name}</strong> <code>{token.hint}…</code>
                    <div className={styles.meta}>
                      권한: {token.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ')}
                      <br />
                      만든 날 {formatDate(token.createdAt)} · 만료 {formatDate(token.expiresAt)} · 마지막 사용{' '}
                      {token.lastUsedAt ? formatDate(token.lastUsedAt) : '없음'}
                      {requests === null ? null : (
                        <>
                          {' '}
                          · 오늘 요청 <span data-testid="token-requests">{requests}</span>회
                        </>
                      )}
                    </div>
                  </div>
                  <Button size="small" variant="secondary" onClick={() => void revoke(token)}>
                    폐기
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <WebhooksSection />
    </div>
  );
}
