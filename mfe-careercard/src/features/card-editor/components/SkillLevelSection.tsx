import { useState } from 'react';
import type { MyInfo } from '@sq/contracts';
import { AppLink } from '@sq/remote-kit';
import { saveSkillVisibility } from '../../../shared/card-api';
import { failure } from '../../../shared/errors';
import { formStyles } from '../../../shared/components/Field';
import { useMySkillLevel } from '../api/get-my-skill-level';
import styles from './editor.module.css';
import { useSaved } from './use-saved';

/** The IT skill check-up intro, where a member without a result can take it. */
const CHECKUP_PATH = '/itskillcheckup';

/** What the member's card would show: their latest level with its result link, or an invitation to take the check-up. */
function CurrentLevel() {
  const state = useMySkillLevel();
  if (state.status === 'loading') return null;
  // Not knowing the level never blocks the switch: it only decides what visitors may see.
  if (state.status === 'error') return null;
  if (!state.data) {
    return (
      <p className={formStyles.hint} data-testid="editor-skill-level">
        아직 마친 IT 스킬 체크업이 없어요. 체크업을 마치면 카드에 레벨이 보여요.{' '}
        <AppLink to={CHECKUP_PATH}>체크업 하러 가기</AppLink>
      </p>
    );
  }
  return (
    <p className={formStyles.hint} data-testid="editor-skill-level">
      최근 결과: Lv.{state.data.level} {state.data.levelName}{' '}
      <AppLink to={`/itskillcheckup/result/${encodeURIComponent(state.data.shareKey)}`}>결과 보기</AppLink>
    </p>
  );
}

/**
 * Whether the public card shows the member's IT skill check-up level (hidden unless turned on). Like the
 * other parts, it saves on its own; a refused save keeps the switch as the member set it.
 */
export function SkillLevelSection({ card, onSaved }: { card: MyInfo; onSaved: (card: MyInfo) => void }) {
  const [show, setShow] = useState(card.showSkillLevel);
  const [error, setError] = useState<string | null>(null);
  const [saved, markSaved] = useSaved();
  async function save() {
    try {
      onSaved(await saveSkillVisibility(show));
      setError(null);
      markSaved();
    } catch (caught) {
      setError(failure(caught).message);
    }
  }
  return (
    <section className={styles.section} aria-labelledby="skill-level-title">
      <h2 id="skill-level-title" className={styles.sectionTitle}>
        IT 스킬 체크업 레벨
      </h2>
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={show}
          onChange={(event) => setShow(event.target.checked)}
          data-testid="show-skill-level"
        />
        내 커리어 카드에 IT 스킬 체크업 레벨과 결과 링크를 보여줄게요.
      </label>
      <CurrentLevel />
      {error ? (
        <p className={formStyles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={formStyles.actions}>
        {saved ? (
          <span className={formStyles.status} role="status">
            {saved}
          </span>
        ) : null}
        <button
          type="button"
          className="sq-button sq-button--primary"
          onClick={() => void save()}
          data-testid="save-skill-level"
        >
          공개 설정 저장
        </button>
      </div>
    </section>
  );
}
