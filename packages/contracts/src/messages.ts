/**
 * The Korean message catalogue (spec section 8 and the issues). Texts must match the spec character for
 * character; screens and services import them from here instead of writing their own copies.
 *
 * The texts live in one file per domain (messages/*.ts, and core-messages.ts for what the shell shows on every
 * page); MESSAGES is all of them. Services use MESSAGES. A browser screen imports the domain it shows: a
 * bundle that imports MESSAGES carries every text of the product (about 7 KB gzip) on its first load.
 */
import { CORE_MESSAGES } from './core-messages';
import { ACCOUNT_MESSAGES } from './messages/account';
import { APPLICATION_MESSAGES } from './messages/applications';
import { CAREER_CARD_MESSAGES } from './messages/career-card';
import { ITSKILL_MESSAGES } from './messages/itskill';
import { MONEY_MESSAGES } from './messages/money';
import { OPERATOR_MESSAGES } from './messages/operators';
import { RELEASE_MESSAGES } from './messages/releases';
import { UPLOAD_MESSAGES } from './messages/uploads';
import { CONSUMER_MESSAGES } from './messages/consumers';
import { PARTNER_MESSAGES } from './messages/partners';

export { CORE_MESSAGES } from './core-messages';
export {
  ACCOUNT_MESSAGES,
  findAccountCoolDownMessage,
  passwordResetCoolDownMessage,
  signInCoolDownMessage,
} from './messages/account';
export { APPLICATION_MESSAGES } from './messages/applications';
export { CAREER_CARD_MESSAGES } from './messages/career-card';
export { ITSKILL_MESSAGES } from './messages/itskill';
export { MONEY_MESSAGES } from './messages/money';
export { OPERATOR_MESSAGES } from './messages/operators';
export {
  RELEASE_MESSAGES,
  releaseManifestUrlMessage,
  releaseRoutesTakenMessage,
  releaseSkewMessage,
} from './messages/releases';
export { UPLOAD_MESSAGES } from './messages/uploads';
export {
  CONSUMER_MESSAGES,
  missingScopeMessage,
  personalTokenLimitMessage,
  webhookLimitMessage,
  webhookScopeMessage,
} from './messages/consumers';
export { PARTNER_MESSAGES } from './messages/partners';

export const MESSAGES = {
  ...CORE_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...UPLOAD_MESSAGES,
  ...APPLICATION_MESSAGES,
  ...OPERATOR_MESSAGES,
  ...CAREER_CARD_MESSAGES,
  ...ITSKILL_MESSAGES,
  ...RELEASE_MESSAGES,
  ...CONSUMER_MESSAGES,
  ...PARTNER_MESSAGES,
  ...MONEY_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;
