import type { Migration } from '@sq/service-kit';
import * as products from './001_products';
import * as cohorts from './002_cohorts';
import * as refundRules from './003_refund_rules';
import * as applications from './004_applications';
import * as applicationFlow from './005_application_flow';
import * as friendRequests from './006_friend_requests';
import * as personalDataErasure from './007_personal_data_erasure';
import * as operators from './100_operators';
import * as sprintOperations from './101_sprint_operations';
import * as refundLedger from './102_refund_ledger';
import * as billingKeys from './104_billing_keys';
import * as scaleIndexes from './200_scale_indexes';
import * as applicantsAtScale from './201_applicants_at_scale';
import * as cardUpdateDeadlines from './202_card_update_deadlines';
import * as teamHealthAtScale from './203_team_health_at_scale';
import * as cohortEnded from './204_cohort_ended';
import * as refundRetries from './205_refund_retries';
import * as reconciliation from './210_reconciliation';
import * as webhooks from './220_webhooks';
import * as applicantsWithoutFriendRequests from './230_applicants_without_friend_requests';

/** Names are permanent once released; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '001_products': products,
  '002_cohorts': cohorts,
  '003_refund_rules': refundRules,
  '004_applications': applications,
  '005_application_flow': applicationFlow,
  '006_friend_requests': friendRequests,
  '007_personal_data_erasure': personalDataErasure,
  '100_operators': operators,
  '101_sprint_operations': sprintOperations,
  '102_refund_ledger': refundLedger,
  '104_billing_keys': billingKeys,
  '200_scale_indexes': scaleIndexes,
  '201_applicants_at_scale': applicantsAtScale,
  '202_card_update_deadlines': cardUpdateDeadlines,
  '203_team_health_at_scale': teamHealthAtScale,
  '204_cohort_ended': cohortEnded,
  '205_refund_retries': refundRetries,
  '210_reconciliation': reconciliation,
  '220_webhooks': webhooks,
  '230_applicants_without_friend_requests': applicantsWithoutFriendRequests,
};
