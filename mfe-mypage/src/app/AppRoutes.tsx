import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RouteManifest } from '@sq/contracts/registry';
import { ComingSoon } from '@sq/ui';
import { MyPageIntroPage } from '../features/my-intro';
import manifest from '../routes.json';

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중", never a blank. */
const SCREENS: Record<string, ComponentType> = {
  '/mypage': MyPageIntroPage,
};

const { routes } = manifest as RouteManifest;

export function AppRoutes() {
  return (
    <Routes>
      {routes.map((route) => {
        const Screen = SCREENS[route.path];
        return <Route key={route.path} path={route.path} element={Screen ? <Screen /> : <ComingSoon title={route.title} />} />;
      })}
      {/* The shell only mounts this remote for its own paths; anything else renders nothing here. */}
      <Route path="*" element={null} />
    </Routes>
  );
}

export const BUILT_PATHS = Object.keys(SCREENS);
