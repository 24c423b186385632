export { CheckupIntroPage } from './components/CheckupIntroPage';
