import type { Knex } from 'knex';
import { normaliseMailbox, type KeyedHash } from '../lib/keyed-hash';

/**
 * One-time point grants (the sign-up credit of onboarding, the skill check-up point) go to a person once, not
 * once per account: a member who withdraws and signs up again must not collect them again.
 *
 * The ledger's unique (user, reason) only knows accounts, and withdrawal erases the e-mail and releases the
 * social identities (privacy policy), so who the person was cannot be read back later. Each grant therefore
 * leaves markers in `entitlement_marker` (migration 011): keyed hashes (HMAC under ACCOUNT_MARKER_SECRET) of
 * the normalised sign-in mailbox and of every social identity (provider + subject). They are not personal data
 * in the clear and cannot be reversed or tested against a guess without the secret. A grant is made only if
 * none of the account's markers exists for that reason yet; the markers' primary key makes concurrent grants
 * for one person end with one (the second insert waits for the first and then finds it).
 */
export function personMarkers(
  keyed: KeyedHash,
  user: { email: string },
  identities: { provider: string; subject: string }[],
): string[] {
  const markers = [keyed('person-mailbox', normaliseMailbox(user.email))];
  for (const identity of identities) markers.push(keyed('person-social', `${identity.provider}:${identity.subject}`));
  return [...new Set(markers)];
}

async function markersOf(trx: Knex | Knex.Transaction, keyed: KeyedHash, userId: number): Promise<string[]> {
  const user = await trx('user_account').where({ user_id: userId }).first('email');
  if (!user) return [];
  const identities = await trx('social_identity').where({ user_id: userId }).select('provider', 'subject');
  return personMarkers(keyed, user, identities);
}

/**
 * Inside the ledger transaction: records the person's markers for `reasonCode` and says whether this account
 * may be credited (no marker of the person existed). The caller inserts the ledger row only when true.
 */
export async function claimEntitlement(
  trx: Knex.Transaction,
  keyed: KeyedHash,
  userId: number,
  reasonCode: string,
): Promise<boolean> {
  const markers = await markersOf(trx, keyed, userId);
  if (markers.length === 0) return false;
  const inserted = await trx('entitlement_marker')
    .insert(markers.map((person_hash) => ({ reason_code: reasonCode, person_hash })))
    .onConflict(['reason_code', 'person_hash'])
    .ignore()
    .returning('person_hash');
  return inserted.length === markers.length;
}

/** Whether this person (by any of the account's markers) already received `reasonCode`, on this account or an earlier one. */
export async function alreadyEntitled(
  knex: Knex,
  keyed: KeyedHash,
  userId: number,
  reasonCode: string,
): Promise<boolean> {
  const markers = await markersOf(knex, keyed, userId);
  if (markers.length === 0) return false;
  return Boolean(
    await knex('entitlement_marker')
      .where({ reason_code: reasonCode })
      .whereIn('person_hash', markers)
      .first('reason_code'),
  );
}

/**
 * In the withdrawal's transaction, before the e-mail and identities are erased: every grant the account holds
 * is marked for the person (grants from before migration 011 have no markers yet).
 */
export async function markGrantsBeforeErasure(trx: Knex.Transaction, keyed: KeyedHash, userId: number): Promise<void> {
  const reasons: string[] = await trx('point_ledger').where({ user_id: userId }).distinct().pluck('reason_code');
  if (reasons.length === 0) return;
  const markers = await markersOf(trx, keyed, userId);
  const rows = reasons.flatMap((reason_code) => markers.map((person_hash) => ({ reason_code, person_hash })));
  if (rows.length > 0) await trx('entitlement_marker').insert(rows).onConflict(['reason_code', 'person_hash']).ignore();
}
