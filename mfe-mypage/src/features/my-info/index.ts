export { MyInfoPage } from './components/MyInfoPage';
