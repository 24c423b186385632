import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { ApplicationState } from '@sq/contracts/api/application-states';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, useAsync } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { attachSkill, getMySkillResult } from '../api/skill';
import styles from './applications.module.css';

/** Until teams are built the operators can still use the level; afterwards attaching changes nothing. */
export const ATTACHABLE_STATES: readonly ApplicationState[] = [
  'SUBMITTED',
  'RESERVED',
  'PAID',
  'WAITLISTED',
  'TEAM_BUILDING',
];

/**
 * The member attaches their latest IT skill check-up result to this application (POST /getMyinfoSkill), so
 * the operators see the level when they build teams. Without a result: the way to the check-up.
 */
export function SkillAttachBox({ joinId }: { joinId: number }) {
  const state = useAsync((signal) => getMySkillResult(signal), []);
  const [attached, setAttached] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The level is optional help for the operators: if it cannot be read, the page goes on without the box.
  if (state.status !== 'success') return null;
  const result = state.data;

  async function attach(surveyId: number) {
    setBusy(true);
    try {
      const done = await attachSkill(surveyId, joinId);
      setAttached(`Lv.${done.level} ${done.levelName} 결과를 이 지원서에 첨부했어요.`);
      setError(null);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : CORE_MESSAGES.genericAlert);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="skill-attach-title" data-testid="skill-attach">
      <h2 id="skill-attach-title" className={styles.sectionTitle}>
        IT 스킬 체크업
      </h2>
      {result?.level ? (
        <>
          <p>
            최근 결과: Lv.{result.level} {result.levelName} ({result.surveyTitle}). 첨부하면 운영진이 팀 빌딩 때
            참고해요.
          </p>
          {attached ? (
            <p className={styles.notice} role="status">
              {attached}
            </p>
          ) : null}
          {error ? (
            <p className={styles.notice} role="alert">
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button
              variant="secondary"
              disabled={busy || attached !== null}
              onClick={() => void attach(result.surveyId)}
              data-testid="skill-attach-button"
            >
              이 지원서에 첨부하기
            </Button>
          </div>
        </>
      ) : (
        <p>
          아직 마친 IT 스킬 체크업이 없어요. 체크업 결과를 첨부하면 운영진이 팀 빌딩 때 참고해요.{' '}
          <AppLink to="/itskillcheckup">체크업 하러 가기</AppLink>
        </p>
      )}
    </section>
  );
}
