import { Suspense, lazy, useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAtomValue, useStore } from 'jotai';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { ErrorFallback, Spinner } from '@sq/ui';
import { LegalModals, hasLegalFlag } from '../features/legal';
import { useSiteSettings } from '../features/navigation';
import { DEFAULT_SITE_NAME, SHELL_APP_NAME } from '../shared/constants';
import { useRouteGuard } from './guard/use-route-guard';
import { AppLayout } from './layout/AppLayout';
import { ErrorPage } from './layout/ErrorPage';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { hasFirstContent, keepFirstContentOnlyFor } from './remotes/first-content';
import { loadPlatform, platformAtom } from './remotes/platform';

/** The shell's own screens (sign-in and the other account pages) load only when one is opened. */
const ShellPage = lazy(() => import('./ShellPage'));

export function App() {
  const store = useStore();
  const decision = useRouteGuard();
  const platform = useAtomValue(platformAtom);
  const site = useSiteSettings();
  const siteName = site.data?.siteName ?? DEFAULT_SITE_NAME;
  const route = decision?.kind === 'allow' ? decision.route : null;
  const location = useLocation();

  // Page titles per route: "{title} | {siteName}".
  useEffect(() => {
    if (!decision || decision.kind === 'redirect') return;
    const title = decision.kind === 'allow' ? decision.route.title : MESSAGES.pageNotFound;
    document.title = title ? `${title} | ${siteName}` : siteName;
  }, [decision, siteName]);

  // A server-rendered first content stands in for a remote's page until the remote shows its own.
  useLayoutEffect(() => {
    keepFirstContentOnlyFor(
      location.pathname,
      decision ? (decision.kind === 'allow' ? decision.route.owner : null) : undefined,
    );
  }, [decision, location.pathname]);

  let content = null;
  if (!decision) content = hasFirstContent() ? null : <Spinner boxed />;
  else if (decision.kind === 'notFound') {
    // Without the registry, a remote's path is unknown: offer to load it again rather than a 404.
    content = platform.status === 'failed' ? <ErrorFallback onRetry={() => void loadPlatform(store)} /> : <ErrorPage />;
  } else if (decision.kind === 'allow' && decision.route.owner === SHELL_APP_NAME) {
    content = (
      <Suspense fallback={<Spinner boxed />}>
        <ShellPage route={decision.route} params={decision.params} />
      </Suspense>
    );
  }

  return (
    <>
      <AppLayout layout={route?.layout ?? 'default'} route={route} site={site.data} siteName={siteName}>
        {content}
      </AppLayout>
      {hasLegalFlag(location.search) && (
        <Suspense fallback={null}>
          <LegalModals />
        </Suspense>
      )}
      <LoadingOverlay forced={!decision && !hasFirstContent()} />
    </>
  );
}
