import { Link } from 'react-router-dom';
import { Spinner } from '@sq/ui';
import { useExampleCards } from '../api/get-examples';
import styles from './landing.module.css';

const POINTS = [
  { title: '한 장으로 보여주는 나', text: '직군, 포지션, 경력, 소개와 스킬을 한 장에 모아 팀원에게 나를 소개해요.' },
  { title: '프로젝트 경험 기록', text: '사이드 프로젝트에서 맡은 역할, 기간, 한 일과 결과물 링크를 남겨요.' },
  { title: '링크 하나로 공유', text: '커리어 카드 주소를 복사해 팀 빌딩이나 지원서에 그대로 붙여 넣어요.' },
];

/** /careercard (public): what a career card is, real cards from members, and the way to make one. */
export function CareerCardLandingPage() {
  const examples = useExampleCards();
  return (
    <div className={styles.page} data-testid="careercard-landing">
      <section className={styles.hero}>
        <p className={styles.eyebrow}>커리어 카드</p>
        <h1 className={styles.title}>사이드 프로젝트 팀원에게 건네는 나의 명함</h1>
        <p className={styles.lead}>
          커리어 카드는 기획자, 디자이너, 개발자가 자신의 직군과 경력, 스킬, 프로젝트 경험을 한 장으로 정리한 공개
          프로필이에요. 팀 빌딩 때 운영진과 팀원이 이 카드를 보고 서로를 알아가요.
        </p>
        <Link to="/careercard/find-myprofile" className="sq-button sq-button--primary">
          내 커리어 카드 만들기
        </Link>
      </section>

      <ul className={styles.points}>
        {POINTS.map((p) => (
          <li key={p.title} className={styles.point}>
            <p className={styles.pointTitle}>{p.title}</p>
            <p className={styles.pointText}>{p.text}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="examples-title">
        <h2 id="examples-title" className={styles.sectionTitle}>
          멤버들의 커리어 카드
        </h2>
        {examples.status === 'loading' ? <Spinner boxed /> : null}
        {examples.status === 'error' ? <p>예시 카드를 불러오지 못했어요. 잠시 후 다시 확인해 주세요.</p> : null}
        {examples.status === 'success' ? (
          <ul className={styles.cards} data-testid="example-cards">
            {examples.data.map((card) => (
              <li key={card.profileId}>
                <Link to={`/careercard/${card.profileId}`} className={styles.card}>
                  <span className={styles.cardName}>{card.userAlias}</span>
                  <span className={styles.cardRole}>
                    {[card.jobGroupName, card.positionName, card.yearCodeName].filter(Boolean).join(' · ')}
                  </span>
                  <span className={styles.cardIntro}>{card.intro}</span>
                  <span className={styles.tags}>
                    {card.skills.map((skill) => (
                      <span key={skill} className={styles.tag}>
                        {skill}
                      </span>
                    ))}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className={styles.cta}>
        <h2 className={styles.sectionTitle}>3분이면 나의 커리어 카드가 완성돼요</h2>
        <p className={styles.pointText}>
          직군과 경력, 소개, 커버 이미지, 스킬, 첫 프로젝트만 차례로 입력하면 돼요. 중간에 나가도 이어서 만들 수 있어요.
        </p>
        <Link to="/careercard/find-myprofile" className="sq-button sq-button--primary">
          지금 만들기
        </Link>
      </section>
    </div>
  );
}
