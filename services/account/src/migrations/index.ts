import type { Migration } from '@sq/service-kit';
import * as accounts from './001_accounts';
import * as accountFlows from './002_account_flows';
import * as uploadImageId from './003_upload_image_id';
import * as withdrawalOutbox from './004_withdrawal_outbox';
import * as signInPerAddress from './005_sign_in_per_address';
import * as oauthBrowserBinding from './006_oauth_browser_binding';
import * as sessionEvents from './007_session_events';
import * as programsErasure from './008_programs_erasure';
import * as programsErasureNames from './009_programs_erasure_names';
import * as recoveryAttempts from './010_recovery_attempts';
import * as entitlementMarkers from './011_entitlement_markers';
import * as programsPeopleChanges from './012_programs_people_changes';
import * as personalTokens from './013_personal_tokens';
import * as partnerApps from './030_partner_apps';

/** Names are permanent once released; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '001_accounts': accounts,
  '002_account_flows': accountFlows,
  '003_upload_image_id': uploadImageId,
  '004_withdrawal_outbox': withdrawalOutbox,
  '005_sign_in_per_address': signInPerAddress,
  '006_oauth_browser_binding': oauthBrowserBinding,
  '007_session_events': sessionEvents,
  '008_programs_erasure': programsErasure,
  '009_programs_erasure_names': programsErasureNames,
  '010_recovery_attempts': recoveryAttempts,
  '011_entitlement_markers': entitlementMarkers,
  '012_programs_people_changes': programsPeopleChanges,
  '013_personal_tokens': personalTokens,
  '030_partner_apps': partnerApps,
};
