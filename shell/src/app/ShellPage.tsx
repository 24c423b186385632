import { ComingSoon } from '@sq/ui';
import { SignInPage, SignOutPage } from '../features/account';
import type { RouteRecord } from './registry/route-table';

/** The shell's own screens (shell/src/routes.json). Routes not built yet show the "준비 중" page. */
export default function ShellPage({ route }: { route: RouteRecord }) {
  switch (route.path) {
    case '/signin':
      return <SignInPage />;
    case '/signout':
      return <SignOutPage />;
    default:
      return <ComingSoon title={route.title} />;
  }
}
