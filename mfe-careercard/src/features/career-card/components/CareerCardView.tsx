import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { CareerCard } from '@sq/contracts';
import { coverHue, initialOf, roleLine } from '../card-display';
import styles from './career-card.module.css';
import { ShareButton } from './ShareButton';
import { SkillLevelBadge } from './SkillLevelBadge';

/**
 * The card itself: cover, photo, name and nickname (the nickname alone on a card whose name the account has
 * not mirrored yet), role, career years and (when the member shows it) the IT skill check-up level,
 * introduction, skills and project experience.
 */
export function CareerCardView({ card }: { card: CareerCard }) {
  const role = roleLine(card.jobGroupName, card.positionName);
  const hue = { '--cover-hue': coverHue(card.profileId) } as CSSProperties;
  return (
    <article className={styles.page} data-testid="careercard-view" aria-labelledby="careercard-name">
      <section className={styles.profile} style={hue}>
        <div className={styles.cover}>
          {card.coverImgUrl ? (
            <img className={styles.coverImg} src={card.coverImgUrl} alt="" fetchPriority="high" />
          ) : null}
        </div>
        <div className={styles.identity}>
          <div className={styles.avatar}>
            {card.imgUrl ? (
              <img
                className={styles.avatarImg}
                src={card.imgUrl}
                alt={`${card.userAlias} 프로필 사진`}
                width={96}
                height={96}
              />
            ) : (
              <span aria-hidden="true">{initialOf(card.userAlias)}</span>
            )}
          </div>
          <p className={styles.eyebrow}>커리어 카드</p>
          <h1 id="careercard-name" className={styles.name} data-testid="careercard-name">
            {card.userName ? (
              <>
                {card.userName}{' '}
                <span className={styles.alias} data-testid="careercard-alias">
                  <span className="sq-visually-hidden">닉네임 </span>
                  {card.userAlias}
                </span>
              </>
            ) : (
              card.userAlias
            )}
          </h1>
          {role ? <p className={styles.role}>{role}</p> : null}
          {card.yearCodeName || card.skillLevel ? (
            <p className={styles.badges}>
              {card.yearCodeName ? <span className={styles.badge}>경력 {card.yearCodeName}</span> : null}
              {card.skillLevel ? <SkillLevelBadge skill={card.skillLevel} /> : null}
            </p>
          ) : null}
          <p className={styles.handle}>@{card.profileId}</p>
        </div>
        <div className={styles.toolbar}>
          {card.isOwner ? (
            <Link
              to={`/careercard/${card.profileId}/edit`}
              className="sq-button sq-button--primary sq-button--small"
              data-testid="careercard-edit"
            >
              편집하기
            </Link>
          ) : null}
          <ShareButton path={`/careercard/${card.profileId}`} />
        </div>
        {card.intro ? (
          <div className={styles.intro}>
            <h2 className="sq-visually-hidden">소개</h2>
            <p>{card.intro}</p>
          </div>
        ) : null}
      </section>

      <div className={styles.details}>
        <section className={styles.panel} aria-labelledby="careercard-skills">
          <h2 id="careercard-skills" className={styles.panelTitle}>
            스킬 <span className={styles.count}>{card.skills.length}</span>
          </h2>
          {card.skills.length ? (
            <ul className={styles.skills}>
              {card.skills.map((skill) => (
                <li key={skill} className={styles.skill}>
                  {skill}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>아직 등록한 스킬이 없어요.</p>
          )}
        </section>

        <section className={styles.panel} aria-labelledby="careercard-projects">
          <h2 id="careercard-projects" className={styles.panelTitle}>
            프로젝트 경험 <span className={styles.count}>{card.projects.length}</span>
          </h2>
          {card.projects.length ? (
            <ol className={styles.projects}>
              {card.projects.map((project) => (
                <li key={project.projectId}>
                  <Link className={styles.project} to={`/careercard/project/${project.projectId}`}>
                    <span className={styles.projectTitle}>{project.title}</span>
                    <span className={styles.projectRole}>{project.role}</span>
                    <span className={styles.projectPeriod}>{project.period}</span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.empty}>아직 등록한 프로젝트 경험이 없어요.</p>
          )}
        </section>
      </div>
    </article>
  );
}
