import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { getSession, isApiError, isTokenValid, subscribe } from '@sq/api-client';
import type { CheckupIntro } from '@sq/contracts';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { EmptyState, ErrorFallback, Spinner } from '@sq/ui';
import { useCheckupIntro } from '../api/get-checkup-intro';
import { CHECKUP_START_PATH, CHECKUP_STEPS, checkupFacts } from '../checkup-facts';
import { SeasonAlarm } from './SeasonAlarm';
import styles from './checkup-intro.module.css';

function Intro({ checkup }: { checkup: CheckupIntro }) {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  const signedIn = isTokenValid(session.token);
  return (
    <article className={styles.page} data-testid="itskill-intro" aria-labelledby="itskill-title">
      <section className={styles.hero}>
        <p className={styles.eyebrow}>IT 스킬 체크업</p>
        <h1 id="itskill-title" className={styles.title} data-testid="itskill-title">
          {checkup.title}
        </h1>
        <p className={styles.description}>{checkup.description}</p>
        <dl className={styles.facts}>
          {checkupFacts(checkup).map((fact) => (
            <div key={fact.label} className={styles.fact}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.cta}>
          <Link
            to={CHECKUP_START_PATH}
            className={`sq-button sq-button--primary ${styles.start}`}
            data-testid="itskill-start"
          >
            체크업 시작하기
          </Link>
          {signedIn ? null : <p className={styles.hint}>로그인 후 바로 시작할 수 있어요.</p>}
        </div>
      </section>

      {checkup.jobGroups.length ? (
        <section aria-labelledby="itskill-areas">
          <h2 id="itskill-areas" className={styles.sectionTitle}>
            직군별 점검 영역 <span className={styles.count}>{checkup.jobGroups.length}개 직군</span>
          </h2>
          {checkup.jobGroups.map((group) => (
            <div key={group.code} className={styles.group}>
              <h3 className={styles.groupName}>{group.name}</h3>
              <ul className={styles.areas}>
                {checkup.areas
                  .filter((a) => a.jobGroupCode === group.code)
                  .map((area, index) => (
                    <li key={area.code} className={styles.area}>
                      <span className={styles.areaIndex} aria-hidden="true">
                        {String(index + 1).padStart(2, '0')}
                      </span>
                      <h4 className={styles.areaName}>{area.name}</h4>
                      <p className={styles.areaDesc}>{area.description}</p>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}

      <section aria-labelledby="itskill-steps">
        <h2 id="itskill-steps" className={styles.sectionTitle}>
          이렇게 진행돼요
        </h2>
        <ol className={styles.steps}>
          {CHECKUP_STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNo}>{index + 1}</span>
              <div>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p className={styles.stepDesc}>{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.trends}>
        <div>
          <h2 className={styles.trendsTitle}>요즘 어떤 스킬이 뜨고 있을까요?</h2>
          <p className={styles.trendsDesc}>참여자들의 응답으로 만든 직군별 IT 스킬 트렌드를 확인해 보세요.</p>
        </div>
        <Link to="/itskilltrends" className="sq-button sq-button--secondary">
          IT 스킬 트렌드 보기
        </Link>
      </section>

      <section className={styles.trends}>
        <div>
          <h2 className={styles.trendsTitle}>다음 시즌도 참여하고 싶다면</h2>
          <p className={styles.trendsDesc}>새 시즌이 열리면 메일로 알려 드려요.</p>
        </div>
        <SeasonAlarm />
      </section>
    </article>
  );
}

/** /itskillcheckup — the intro of the open check-up, with the start button. */
export function CheckupIntroPage() {
  const state = useCheckupIntro();
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (isApiError(state.error) && state.error.status === 404) {
      return (
        <EmptyState
          title="지금은 진행 중인 체크업이 없어요"
          description="다음 체크업이 열리면 이곳에서 바로 참여할 수 있어요."
          action={<SeasonAlarm />}
        />
      );
    }
    return (
      <ErrorFallback
        title={isApiError(state.error) ? state.error.message : MESSAGES.genericAlert}
        onRetry={state.reload}
      />
    );
  }
  return <Intro checkup={state.data} />;
}
