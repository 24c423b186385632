import { Spinner } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { useMainPage } from '../api/get-main-page';
import { ApplyPromptModal } from './ApplyPromptModal';
import { HomeContent } from './HomeContent';

/** `/`: the main page's content once GET /api/open/main-page answers, and the apply prompt. */
export function HomePage() {
  const state = useMainPage();
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} />;
  return (
    <>
      <HomeContent data={state.data} />
      <ApplyPromptModal programs={state.data.programs} />
    </>
  );
}
