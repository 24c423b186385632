export { FindMyProfilePage } from './components/FindMyProfilePage';
