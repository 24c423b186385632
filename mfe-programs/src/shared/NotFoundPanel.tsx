import { Link } from 'react-router-dom';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { StatePanel } from '@sq/ui';

/** The public error page's panel (as the shell's ErrorPage). Loaded only when shown: see NotFoundPage. */
export default function NotFoundPanel({ description }: { description?: string }) {
  return (
    <StatePanel
      role="alert"
      icon="compass"
      title={MESSAGES.pageNotFound}
      description={description ?? '주소가 바뀌었거나 삭제된 페이지예요.\n입력한 주소를 다시 확인해 주세요.'}
      action={
        <Link className="sq-button sq-button--primary" to="/">
          홈으로 가기
        </Link>
      }
    />
  );
}
