import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button, Modal, Spinner, StatePanel } from '@sq/ui';
import { exchangeOAuthCode } from '../api/oauth-exchange';
import { safeReturnPath } from '../safe-return-path';
import { duplicateEmailDialogBody } from '../sign-up-form';
import { saveSnsTicket, snsRedirectPath } from '../sns-flow';
import styles from './account.module.css';

type Outcome = { kind: 'working' } | { kind: 'failed'; detail: string } | { kind: 'duplicate'; message: string };

/**
 * /oauthreturn?code=...: the account service's callback lands here with a one-time code. A known social
 * account is signed in and goes back to the `to` path; a new person continues to /signup/required_sns with
 * the sign-up ticket; an e-mail that belongs to another account shows the 중복 이메일 오류 dialog; anything
 * else says 'Please log in'.
 */
export function OAuthReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // The code is single-use: exchange it once even if the effect runs again.
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const error = params.get('error');
    if (!code) {
      setOutcome({ kind: 'failed', detail: error || ACCOUNT_MESSAGES.socialLoginFailed });
      return;
    }
    exchangeOAuthCode(code).then(
      (response) => {
        if (response.result === 'signedIn') {
          navigate(safeReturnPath(response.to || snsRedirectPath()), { replace: true });
        } else {
          saveSnsTicket(response);
          navigate('/signup/required_sns', { replace: true });
        }
      },
      (e: unknown) => {
        if (isApiError(e) && e.status === 409)
          setOutcome({ kind: 'duplicate', message: duplicateEmailDialogBody(e.message) });
        else setOutcome({ kind: 'failed', detail: isApiError(e) ? e.message : ACCOUNT_MESSAGES.socialLoginFailed });
      },
    );
  }, [params, navigate]);

  if (outcome.kind === 'working') return <Spinner boxed label="소셜 로그인 중" />;
  if (outcome.kind === 'duplicate') {
    return (
      <Modal
        open
        title={CORE_MESSAGES.duplicateEmailTitle}
        onClose={() => navigate('/', { replace: true })}
        footer={<Button onClick={() => navigate('/signin', { replace: true })}>로그인</Button>}
      >
        {outcome.message}
      </Modal>
    );
  }
  return (
    <div className={styles.page}>
      <StatePanel
        role="alert"
        title={CORE_MESSAGES.pleaseLogIn}
        description={outcome.detail}
        action={
          <Link className="sq-button sq-button--primary" to="/signin">
            로그인
          </Link>
        }
      />
    </div>
  );
}
