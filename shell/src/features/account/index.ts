export { SignInPage } from './components/SignInPage';
export { SignOutPage } from './components/SignOutPage';
export { AccountMenu } from './components/AccountMenu';
