import { Navigate, useParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { ErrorFallback, Spinner } from '@sq/ui';
import { useCareerCard } from '../api/get-career-card';
import { isProfileId } from '../card-display';
import { CareerCardView } from './CareerCardView';

/** Where an unknown, private or malformed career card ID goes (spec section 2: /careercard-error). */
export const CAREER_CARD_ERROR_PATH = '/careercard-error';

function CareerCardById({ profileId }: { profileId: string }) {
  const state = useCareerCard(profileId);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    // A private card answers exactly like a missing one (404); a malformed id is refused (400).
    if (isApiError(state.error) && (state.error.status === 404 || state.error.status === 400)) {
      return <Navigate to={CAREER_CARD_ERROR_PATH} replace />;
    }
    return (
      <ErrorFallback
        title={isApiError(state.error) ? state.error.message : MESSAGES.genericAlert}
        onRetry={state.reload}
      />
    );
  }
  return <CareerCardView card={state.data} />;
}

/** /careercard/:profileId — the public career card. An ID that cannot exist goes to the error page without a request. */
export function CareerCardPage() {
  const { profileId } = useParams();
  if (!isProfileId(profileId)) return <Navigate to={CAREER_CARD_ERROR_PATH} replace />;
  return <CareerCardById key={profileId} profileId={profileId} />;
}
