import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { clearSession, isApiError } from '@sq/api-client';
import type { SignedInUser } from '@sq/contracts';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { ErrorFallback, Icon, Spinner } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { useMe } from '../api/get-me';
import { SIGN_IN_PATH, careerCardPath, greetingName, isRegisteredUser } from '../my-intro';
import styles from './my-intro.module.css';

function Intro({ user }: { user: SignedInUser }) {
  const name = greetingName(user);
  return (
    <div className={styles.page} data-testid="mypage-intro">
      <section className={styles.profile} aria-labelledby="mypage-greeting">
        <div className={styles.avatar} aria-hidden="true">
          {Array.from(user.userAlias || name)[0]}
        </div>
        <div className={styles.identity}>
          <h1 id="mypage-greeting" className={styles.greeting} data-testid="mypage-greeting">
            {name}님, 안녕하세요
          </h1>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>닉네임</dt>
              <dd>{user.userAlias}</dd>
            </div>
            <div className={styles.fact}>
              <dt>이메일</dt>
              <dd>{user.email}</dd>
            </div>
            <div className={styles.fact}>
              <dt>직군</dt>
              <dd>{user.userJobGroup || '미입력'}</dd>
            </div>
          </dl>
        </div>
      </section>

      <nav aria-label="마이페이지 메뉴">
        <ul className={styles.links}>
          <li>
            {/* The career card belongs to another bundle: navigate through single-spa. */}
            <AppLink to={careerCardPath(user.profileId)} className={styles.link}>
              <Icon name="card" className={styles.linkIcon} />
              <span className={styles.linkTitle} data-testid="mypage-link-careercard">
                내 커리어 카드
              </span>
              <span className={styles.linkDesc}>
                {user.profileId ? '나의 경력과 스킬을 한 장에 보여 줘요.' : '커리어 카드를 만들어 보세요.'}
              </span>
            </AppLink>
          </li>
          <li>
            <Link to="/mypage/history" className={styles.link}>
              <Icon name="history" className={styles.linkIcon} />
              <span className={styles.linkTitle} data-testid="mypage-link-history">
                지원 내역
              </span>
              <span className={styles.linkDesc}>지원한 프로그램과 진행 상태를 확인해요.</span>
            </Link>
          </li>
          <li>
            <Link to="/mypage/info" className={styles.link}>
              <Icon name="user" className={styles.linkIcon} />
              <span className={styles.linkTitle} data-testid="mypage-link-info">
                내 정보
              </span>
              <span className={styles.linkDesc}>연락처와 수신 이메일 등 회원 정보를 수정해요.</span>
            </Link>
          </li>
          <li>
            <Link to="/mypage/tokens" className={styles.link}>
              <Icon name="user" className={styles.linkIcon} />
              <span className={styles.linkTitle} data-testid="mypage-link-tokens">
                API 토큰
              </span>
              <span className={styles.linkDesc}>내 지원 내역 조회, 스프린트 체크인을 프로그램으로 할 수 있어요.</span>
            </Link>
          </li>
          <li>
            <Link to="/mypage/apps" className={styles.link}>
              <Icon name="user" className={styles.linkIcon} />
              <span className={styles.linkTitle} data-testid="mypage-link-apps">
                연결된 앱
              </span>
              <span className={styles.linkDesc}>내 정보에 접근하도록 동의한 앱을 보고 연결을 끊어요.</span>
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** /mypage — the intro for the signed-in member (GET /api/meOauth). */
export function MyPageIntroPage() {
  const state = useMe();
  const unregistered = state.status === 'success' && !isRegisteredUser(state.data);

  useEffect(() => {
    // Spec section 7: isUser N clears the token; without a registered user there is no my page.
    if (!unregistered) return;
    clearSession();
    navigateToUrl(SIGN_IN_PATH);
  }, [unregistered]);

  if (state.status === 'loading' || unregistered) return <Spinner boxed />;
  if (state.status === 'error') {
    // Spec section 7: on failure the message 'Please log in' is shown (HTTP 401 already went to sign-in).
    const detail =
      isApiError(state.error) && state.error.message !== MESSAGES.pleaseLogIn ? state.error.message : undefined;
    return <ErrorFallback title={MESSAGES.pleaseLogIn} description={detail} onRetry={state.reload} />;
  }
  return <Intro user={state.data.userData} />;
}
