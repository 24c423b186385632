import { Link } from 'react-router-dom';
import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { StatePanel } from '@sq/ui';

/** Someone else's application or an unknown one: the server answers 404, the member sees this (never the data). */
export function ApplicationNotFound() {
  return (
    <div data-testid="application-not-found">
      <StatePanel
        role="alert"
        title={APPLICATION_MESSAGES.applyNotFound}
        description="주소가 바뀌었거나 내 지원 내역이 아니에요."
        action={
          <Link className="sq-button sq-button--primary" to="/mypage/history">
            지원 내역으로 가기
          </Link>
        }
      />
    </div>
  );
}
