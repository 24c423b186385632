export { ApiTokensPage } from './components/ApiTokensPage';
