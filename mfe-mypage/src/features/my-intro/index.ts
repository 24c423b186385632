export { MyPageIntroPage } from './components/MyPageIntroPage';
