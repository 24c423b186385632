export { LegalModals, withLegalFlag } from './components/LegalModals';
export { TERMS_OF_SERVICE, PRIVACY_POLICY } from './texts';
