import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RouteEntry } from '@sq/contracts/registry';
import { ComingSoon, Spinner } from '@sq/ui';

/**
 * A remote's routes as its manifest declares them (handed over by the shell from the registry): a built
 * screen where there is one, the "준비 중" page for every other declared route, never a blank. Paths the
 * remote does not declare render nothing (the shell mounts a remote only on its own paths).
 */
/** Screens of a remote by manifest path (e.g. `'/careercard/:profileId'`). */
export type Screens = Readonly<Record<string, ComponentType>>;

export function ManifestRoutes({ routes, screens }: { routes: readonly RouteEntry[]; screens: Screens }) {
  return (
    <Suspense fallback={<Spinner boxed />}>
      <Routes>
        {routes.map((route) => {
          const Screen = screens[route.path];
          return (
            <Route
              key={route.path}
              path={route.path}
              element={Screen ? <Screen /> : <ComingSoon title={route.title} />}
            />
          );
        })}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
