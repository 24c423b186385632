import { Link } from 'react-router-dom';
import { StatePanel } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import styles from './career-card.module.css';

/** /careercard-error — an unknown or private career card (the public view sends it here). */
export function CareerCardErrorPage() {
  return (
    <div data-testid="careercard-error">
      <StatePanel
        role="alert"
        title="커리어 카드를 찾을 수 없어요"
        description={
          '탈퇴했거나 비공개로 전환되었거나 주소가 잘못된 커리어 카드예요.\n입력한 주소를 다시 확인해 주세요.'
        }
        action={
          <div className={styles.actions}>
            <AppLink to="/" className="sq-button sq-button--primary">
              홈으로 가기
            </AppLink>
            <Link to="/careercard" className="sq-button sq-button--secondary">
              커리어 카드 알아보기
            </Link>
          </div>
        }
      />
    </div>
  );
}
