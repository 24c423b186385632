import type { CareerCardSkillLevel } from '@sq/contracts';
import { AppLink } from '@sq/remote-kit';
import styles from './career-card.module.css';

/** The shared check-up result page (mfe-itskill; public by its share key). */
export const skillResultPath = (shareKey: string) => `/itskillcheckup/result/${encodeURIComponent(shareKey)}`;

/**
 * The IT skill check-up level the member chose to show, linking to its public result page (another
 * bundle's route, hence AppLink). The card only carries a level when the member turned it on.
 */
export function SkillLevelBadge({ skill }: { skill: CareerCardSkillLevel }) {
  return (
    <AppLink to={skillResultPath(skill.shareKey)} className={`${styles.badge} ${styles.skillBadge}`}>
      <span data-testid="careercard-skill-level">
        IT 스킬 Lv.{skill.level} {skill.levelName}
      </span>
      <span className="sq-visually-hidden"> 체크업 결과 보기</span>
    </AppLink>
  );
}
