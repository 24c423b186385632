import { Suspense, lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RouteManifest } from '@sq/contracts/registry';
import { ComingSoon, Spinner } from '@sq/ui';
import manifest from '../routes.json';

/**
 * The screens built so far, by manifest path, each in its own chunk so a page loads only its own code.
 * Every other manifest route shows "준비 중", never a blank.
 */
const SCREENS: Record<string, ComponentType> = {
  '/projects': lazy(() => import('../features/projects/components/ProjectsPage').then((m) => ({ default: m.ProjectsPage }))),
  '/projects/detail/:projectId': lazy(() =>
    import('../features/projects/components/ProjectDetailPage').then((m) => ({ default: m.ProjectDetailPage })),
  ),
};

const { routes } = manifest as RouteManifest;

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner boxed />}>
      <Routes>
      {routes.map((route) => {
        const Screen = SCREENS[route.path];
        return <Route key={route.path} path={route.path} element={Screen ? <Screen /> : <ComingSoon title={route.title} />} />;
      })}
      {/* The shell only mounts this remote for its own paths; anything else renders nothing here. */}
      <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}

export const BUILT_PATHS = Object.keys(SCREENS);
