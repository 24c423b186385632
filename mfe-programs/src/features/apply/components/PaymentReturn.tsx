import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { ErrorFallback, Spinner } from '@sq/ui';
import { confirmPayment } from '../api/applications';
import styles from './apply.module.css';

/** What the PG's redirect brought back (PortOne V2 style): the issue, then a billing key or a refusal. */
export function paymentQuery(search: string) {
  const q = new URLSearchParams(search);
  const value = (name: string) => q.get(name) ?? undefined;
  return {
    issueId: value('issueId') ?? value('paymentId') ?? '',
    billingKey: value('billingKey'),
    code: value('code'),
    message: value('message'),
  };
}

/** True when the query is the PG's redirect back (a billing key, or a refusal code, with the issue). */
export function isPaymentReturn(search: string): boolean {
  return /[?&](issueId|billingKey|code)=/.test(search);
}

/** The fail page carries the PG's reason (Korean) in its query, so a reload still shows it. */
export function withReason(next: string, failure: { code: string | null; message: string } | null): string {
  if (!failure || next.includes('?')) return next;
  const query = new URLSearchParams();
  if (failure.code) query.set('code', failure.code);
  query.set('message', failure.message);
  return `${next}?${query.toString()}`;
}

/**
 * The return from the card page (the book step on desktop, the spec's callbacks on mobile): the server
 * confirms with the PG and says where to go (success page, or the fail page with the PG's reason).
 */
export function PaymentReturn({
  oddId,
  search,
  failPath,
}: {
  oddId: number;
  search: string;
  failPath: (reason: { code?: string | null; message?: string | null }) => string;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // Once per attempt, also under StrictMode's double effects (the server answers the same twice anyway).
    if (started.current === attempt) return;
    started.current = attempt;
    const query = paymentQuery(search);
    if (!query.issueId) {
      navigate(failPath({ code: query.code, message: query.message ?? APPLICATION_MESSAGES.paymentNotStarted }), {
        replace: true,
      });
      return;
    }
    confirmPayment(oddId, query).then(
      (result) => navigate(withReason(result.next, result.failure), { replace: true }),
      (e: unknown) => setError(e),
    );
  }, [attempt, failPath, navigate, oddId, search]);

  if (error) {
    return (
      <div className={styles.page}>
        <ErrorFallback
          title={isApiError(error) ? error.message : CORE_MESSAGES.genericAlert}
          onRetry={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        />
      </div>
    );
  }
  return (
    <div className={styles.page} role="status" aria-live="polite" data-testid="payment-confirming">
      <p className={styles.lead}>결제 결과를 확인하고 있어요. 잠시만 기다려 주세요.</p>
      <Spinner boxed />
    </div>
  );
}
