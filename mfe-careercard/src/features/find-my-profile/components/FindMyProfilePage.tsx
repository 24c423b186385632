import { Navigate } from 'react-router-dom';
import { ErrorFallback, Spinner, StatePanel, useAsync } from '@sq/ui';
import { getMyInfo } from '../../../shared/card-api';
import { failure } from '../../../shared/errors';

/** Where the member goes: onboarding until it is finished (resuming at the step reached), else their card. */
export function destinationOf(myInfo: {
  profileId: string;
  onboardedAt: string | null;
  onboardingStep: string | null;
}): string {
  const unfinished = !myInfo.onboardedAt || (myInfo.onboardingStep !== null && myInfo.onboardingStep !== 'done');
  if (unfinished)
    return `/careercard/onboarding/${myInfo.onboardingStep && myInfo.onboardingStep !== 'done' ? myInfo.onboardingStep : 'job'}`;
  return `/careercard/${myInfo.profileId}`;
}

/** /careercard/find-myprofile (members): the member's own card, or onboarding when it is not made yet. */
export function FindMyProfilePage() {
  const state = useAsync((signal) => getMyInfo(signal), []);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <ErrorFallback title={failure(state.error).message} onRetry={state.reload} />;
  if (!state.data) {
    return (
      <StatePanel
        role="alert"
        title="커리어 카드를 찾을 수 없어요"
        description="가입할 때 만든 커리어 카드가 없어요. 채팅 상담으로 문의해 주세요."
      />
    );
  }
  return <Navigate to={destinationOf(state.data)} replace />;
}
