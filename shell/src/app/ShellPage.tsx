import { ComingSoon } from '@sq/ui';
import {
  ChangePasswordPage,
  FindAccountPage,
  FindPasswordPage,
  OAuthReturnPage,
  OnboardingPage,
  SignInPage,
  SignOutPage,
  SignUpChoicePage,
  SignUpRequiredPage,
  SignUpRequiredSnsPage,
} from '../features/account';
import type { RouteRecord } from './registry/route-table';

/** The shell's own screens (shell/src/routes.json), loaded only when one of them is opened. */
export default function ShellPage({
  route,
  params,
}: {
  route: RouteRecord;
  params: Record<string, string | undefined>;
}) {
  switch (route.path) {
    case '/signin':
      return <SignInPage />;
    case '/signin/find-account':
      return <FindAccountPage />;
    case '/signin/find-password':
      return <FindPasswordPage />;
    case '/signup':
      return <SignUpChoicePage />;
    case '/signup/required':
      return <SignUpRequiredPage />;
    case '/signup/required_sns':
      return <SignUpRequiredSnsPage />;
    case '/signup/onboarding/:step':
      return <OnboardingPage step={params.step} />;
    case '/signout':
      return <SignOutPage />;
    case '/change/*': {
      // /change/password: ask for the reset mail; /change/{token}: the mailed link.
      const rest = params['*'] ?? '';
      return rest === 'password' || rest === '' ? (
        <FindPasswordPage title="비밀번호 변경" />
      ) : (
        <ChangePasswordPage key={rest} token={rest} />
      );
    }
    case '/oauthreturn':
      return <OAuthReturnPage />;
    default:
      return <ComingSoon title={route.title} />;
  }
}
