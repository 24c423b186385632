import { useState, useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { getSession, isApiError, isTokenValid, subscribe } from '@sq/api-client';
import type { SharedCheckupResult } from '@sq/contracts';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { Button, EmptyState, ErrorFallback, Spinner, formatDate, useAsync } from '@sq/ui';
import { getMyResult, getSharedResult } from '../api/result-api';
import { AreaScoreChart } from './AreaScoreChart';
import { PointClaim } from './PointClaim';
import styles from './checkup-result.module.css';

/** The share tooltip's time on screen (spec section 9: 2 s). */
const SHARE_NOTICE_MS = 2_000;

function ShareButton({ shareKey }: { shareKey: string }) {
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = `${window.location.origin}/itskillcheckup/result/${shareKey}`;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
    window.setTimeout(() => setCopied(false), SHARE_NOTICE_MS);
  }
  return (
    <span className={styles.shareWrap}>
      <Button variant="secondary" onClick={() => void share()} data-testid="itskill-share">
        결과 링크 복사
      </Button>
      {copied ? (
        <span role="status" className={styles.tooltip}>
          링크를 복사했어요
        </span>
      ) : null}
    </span>
  );
}

function Result({ result, own }: { result: SharedCheckupResult; own: boolean }) {
  return (
    <article className={styles.page} data-testid="itskill-result" aria-labelledby="itskill-result-title">
      <section className={styles.hero}>
        <p className={styles.eyebrow}>{result.surveyTitle}</p>
        <h1 id="itskill-result-title" className={styles.title}>
          {result.jobGroupName} · 경력 {result.careerBandName}
        </h1>
        <div className={styles.levelRow}>
          <span className={styles.level} data-testid="itskill-level">
            Lv.{result.level} {result.levelName}
          </span>
          <span className={styles.total}>
            <strong>{result.totalScore}</strong>점 / 100점
          </span>
        </div>
        <p className={styles.ranking} data-testid="itskill-ranking">
          {result.ranking
            ? `같은 직군·경력대 참여자 ${result.ranking.peerCount}명 중 상위 ${result.ranking.topPercent}%예요.`
            : '아직 같은 직군·경력대에서 비교할 참여자가 없어요.'}
        </p>
        <p className={styles.date}>{formatDate(result.completedDate)} 완료</p>
      </section>

      <section aria-labelledby="itskill-areas-title">
        <h2 id="itskill-areas-title" className={styles.sectionTitle}>
          영역별 점수
        </h2>
        <AreaScoreChart areas={result.areas} />
      </section>

      {result.learnNext.length ? (
        <section aria-labelledby="itskill-next-title">
          <h2 id="itskill-next-title" className={styles.sectionTitle}>
            다음에 배우면 좋은 것
          </h2>
          <ol className={styles.next} data-testid="itskill-learn-next">
            {result.learnNext.map((item) => (
              <li key={item.areaCode} className={styles.nextItem}>
                <h3 className={styles.nextArea}>{item.areaName}</h3>
                <p>{item.advice}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {own ? <PointClaim /> : null}

      <div className={styles.actions}>
        <ShareButton shareKey={result.shareKey} />
        <Link to="/itskilltrends" className="sq-button sq-button--secondary">
          IT 스킬 트렌드 보기
        </Link>
        <Link to="/itskillcheckup" className="sq-button sq-button--primary">
          {own ? '다시 체크업하기' : '나도 체크업하기'}
        </Link>
      </div>
    </article>
  );
}

interface Loaded {
  result: SharedCheckupResult | null;
  own: boolean;
}

async function load(shareKey: string | null, signedIn: boolean, signal: AbortSignal): Promise<Loaded> {
  const mine = signedIn ? await getMyResult(signal).catch(() => null) : null;
  if (!shareKey) return { result: mine, own: mine !== null };
  const result = await getSharedResult(shareKey, signal);
  // The member's own latest result carries the point button; a shared one of someone else does not.
  return { result, own: mine?.shareKey === result.shareKey };
}

/**
 * /itskillcheckup/result/{shareKey} (public, shareable) and /itskillcheckup/result (the member's latest, or
 * `?key=` for a shared one).
 */
export function ResultPage() {
  const { resultId } = useParams();
  const [params] = useSearchParams();
  const shareKey = resultId ?? params.get('key');
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  const signedIn = isTokenValid(session.token);
  const state = useAsync((signal) => load(shareKey, signedIn, signal), [shareKey, signedIn]);

  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (isApiError(state.error) && (state.error.status === 404 || state.error.status === 400)) {
      return <EmptyState title="결과를 찾을 수 없어요" description="링크가 정확한지 확인해 주세요." />;
    }
    return (
      <ErrorFallback
        title={isApiError(state.error) ? state.error.message : MESSAGES.genericAlert}
        onRetry={state.reload}
      />
    );
  }
  if (!state.data.result) {
    return (
      <EmptyState
        title={signedIn ? '아직 체크업 결과가 없어요' : '로그인하면 내 체크업 결과를 볼 수 있어요'}
        description="IT 스킬 체크업을 마치면 이곳에서 결과를 확인하고 공유할 수 있어요."
      />
    );
  }
  return <Result result={state.data.result} own={state.data.own} />;
}
