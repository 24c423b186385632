export { OnboardingPage } from './components/OnboardingPage';
