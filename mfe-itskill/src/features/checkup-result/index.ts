export { ResultPage } from './components/ResultPage';
