import { lazy } from 'react';

export { withLegalFlag, hasLegalFlag } from './legal-flag';
/** Loaded only when a flag asks for a modal: most visits never open one. */
export const LegalModals = lazy(() => import('./components/LegalModals'));
