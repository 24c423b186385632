import { Link, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '../safe-return-path';
import { SocialLogin } from './SocialLogin';
import styles from './account.module.css';

/** /signup: e-mail or social sign-up. A social account that already exists is simply signed in. */
export function SignUpChoicePage() {
  const [params] = useSearchParams();
  const to = safeReturnPath(params.get('to'));
  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>회원가입</h1>
      <p className={styles.lead}>사이드 프로젝트 팀 빌딩을 시작해 보세요.</p>
      <Link className={`sq-button sq-button--primary sq-button--block`} to="/signup/required">
        이메일로 가입하기
      </Link>
      <SocialLogin to={to} title="SNS 계정으로 가입하기" />
      <div className={styles.links}>
        <span>이미 회원이신가요?</span>
        <Link to="/signin">로그인</Link>
      </div>
    </section>
  );
}
