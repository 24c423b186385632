import { useState, type MouseEvent } from 'react';
import { apiBaseUrl } from '@sq/api-client';
import type { OAuthProvider } from '@sq/contracts';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button, Modal } from '@sq/ui';
import { SOCIAL_PROVIDERS, isKakaoInAppBrowser, kakaoOpenExternalUrl, socialStartUrl } from '../social';
import { rememberSnsRedirectPath } from '../sns-flow';
import styles from './account.module.css';

/**
 * Google, Kakao and Naver buttons. Each is a plain link to the account service's start URL, which sends the
 * browser on to the provider (state, PKCE, nonce kept server-side). Google refuses OAuth inside KakaoTalk's
 * in-app browser: there the Google button explains that and offers to open this page in the phone's browser.
 */
export function SocialLogin({ to, title }: { to: string; title: string }) {
  const [kakaoNotice, setKakaoNotice] = useState(false);
  const apiBase = apiBaseUrl();
  const inKakao = typeof navigator !== 'undefined' && isKakaoInAppBrowser(navigator.userAgent);

  const onClick = (provider: OAuthProvider) => (event: MouseEvent) => {
    if (provider === 'google' && inKakao) {
      event.preventDefault();
      setKakaoNotice(true);
      return;
    }
    rememberSnsRedirectPath(to);
  };

  return (
    <div className={styles.social}>
      <p className={styles.socialTitle}>{title}</p>
      {SOCIAL_PROVIDERS.map(({ provider, label }) => (
        <a
          key={provider}
          className={`${styles.socialLink} ${styles[provider]}`}
          href={socialStartUrl(apiBase, provider, to)}
          onClick={onClick(provider)}
          data-provider={provider}
        >
          {label}로 계속하기
        </a>
      ))}
      <Modal
        open={kakaoNotice}
        title="구글 로그인"
        onClose={() => setKakaoNotice(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setKakaoNotice(false)}>
              닫기
            </Button>
            <Button onClick={() => window.location.assign(kakaoOpenExternalUrl(window.location.href))}>
              {ACCOUNT_MESSAGES.openInExternalBrowser}
            </Button>
          </>
        }
      >
        <p role="alert">{ACCOUNT_MESSAGES.googleInKakaoInApp}</p>
      </Modal>
    </div>
  );
}
