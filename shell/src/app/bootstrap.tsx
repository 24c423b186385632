import '@sq/ui/global.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createStore, Provider } from 'jotai';
import { navigateToUrl } from 'single-spa';
import { configureApiClient, signInUrl } from '@sq/api-client';
import { startAnalytics } from '../shared/analytics';
import { App } from './App';
import { loadPlatform } from './remotes/platform';

// Production API host and credentials are build configuration (SQ_API_BASE_URL, SQ_API_WITH_CREDENTIALS).
configureApiClient({
  baseURL: process.env.SQ_API_BASE_URL ?? '/api',
  withCredentials: process.env.SQ_API_WITH_CREDENTIALS === 'true',
  onSignInRequired: (returnTo) => navigateToUrl(signInUrl(returnTo)),
});

/** The one jotai store of the page; every remote receives it through single-spa customProps. */
const store = createStore();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');
createRoot(rootElement).render(
  <Provider store={store}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </Provider>,
);

void loadPlatform(store);
startAnalytics();
