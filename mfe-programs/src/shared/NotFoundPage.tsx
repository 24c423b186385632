import { Suspense, lazy } from 'react';
import { Spinner } from '@sq/ui';

/**
 * The public error page for a program, cohort or story that does not exist. The Korean message catalogue
 * (`@sq/contracts` is not a shared module, so each bundle carries the part it imports) comes with the panel's
 * own small chunk, so it weighs on no page's first load, only on the error page.
 */
const NotFoundPanel = lazy(() => import('./NotFoundPanel'));

export function NotFoundPage({ description }: { description?: string }) {
  return (
    <Suspense fallback={<Spinner boxed />}>
      <NotFoundPanel description={description} />
    </Suspense>
  );
}
