export { BaseInfoPage } from './components/BaseInfoPage';
export { QuestionsPage } from './components/QuestionsPage';
export { LoadingPage } from './components/LoadingPage';
