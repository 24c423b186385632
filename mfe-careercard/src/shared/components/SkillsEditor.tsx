import { useState } from 'react';
import { CAREER_CARD_LIMITS, MESSAGES } from '@sq/contracts';
import { formStyles as styles } from './Field';

/** Adds and removes skills (chips); the list is saved as a whole by the caller. */
export function SkillsEditor({
  skills,
  onChange,
  error,
}: {
  skills: string[];
  onChange: (skills: string[]) => void;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const [local, setLocal] = useState<string | null>(null);

  function add() {
    const skill = draft.trim();
    if (!skill) return;
    if (skill.length > CAREER_CARD_LIMITS.skillMax) return setLocal(MESSAGES.skillLength);
    if (skills.some((s) => s.toLowerCase() === skill.toLowerCase())) return setLocal(MESSAGES.skillDuplicate);
    if (skills.length >= CAREER_CARD_LIMITS.skillsMax) return setLocal(MESSAGES.skillsTooMany);
    setLocal(null);
    onChange([...skills, skill]);
    setDraft('');
  }

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor="skill-input">
        스킬
      </label>
      <div className={styles.inline}>
        <input
          id="skill-input"
          className={styles.input}
          value={draft}
          placeholder="예: Figma, React, SQL"
          maxLength={CAREER_CARD_LIMITS.skillMax + 10}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="sq-button sq-button--secondary" onClick={add}>
          추가
        </button>
      </div>
      <ul className={styles.chips} aria-label="등록한 스킬" data-testid="skills">
        {skills.map((skill) => (
          <li key={skill} className={styles.chip}>
            {skill}
            <button
              type="button"
              className={styles.chipRemove}
              aria-label={`${skill} 삭제`}
              onClick={() => onChange(skills.filter((s) => s !== skill))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>
        {skills.length}/{CAREER_CARD_LIMITS.skillsMax}개
      </p>
      {(local ?? error) ? (
        <p className={styles.error} role="alert">
          {local ?? error}
        </p>
      ) : null}
    </div>
  );
}
