export { ConnectedAppsPage } from './components/ConnectedAppsPage';
