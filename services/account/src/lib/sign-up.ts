import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { ApiError } from '@sq/service-kit';
import { CareercardUnavailable } from '../clients/careercard-client';
import type { NewAccountRow, UserRow } from '../repositories/user-repository';
import { assertSignUpAvailable, uniqueViolationToConflict } from './availability';

export interface NewAccount {
  email: string;
  contactEmail: string;
  passwordHash: string | null;
  username: string;
  useralias: string;
  careerCardId: string;
  userphone: string;
  jobGroup: string;
  position?: string | null | undefined;
  careerYears: string;
  marketingAgreed?: boolean | undefined;
  vendor: UserRow['vendor'];
}

/**
 * The sign-up saga. The account row is inserted in a transaction that stays open while the careercard
 * service creates the card (idempotency key `signup-{userId}`): the row's unique entries hold off any
 * concurrent sign-up with the same e-mail, nickname or career card ID until this one ends.
 *  - careercard refuses or cannot be reached: the transaction rolls back; if the call may have reached it
 *    (time-out, 5xx), the card is deleted again with the same key.
 *  - anything fails after the card exists (including the commit): the transaction rolls back and the card is
 *    deleted (compensation). Either both halves exist or neither does.
 * `inTransaction` lets the social sign-up add its identity and consume its ticket in the same transaction.
 */
export async function createAccount(
  app: FastifyInstance,
  input: NewAccount,
  inTransaction?: (trx: Knex.Transaction, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  await assertSignUpAvailable(app.availability, input);

  // The card's idempotency key once the card may exist (the call was made and did not clearly refuse).
  let cardKey: string | null = null;
  try {
    const row: NewAccountRow = {
      email: input.email,
      contact_email: input.contactEmail,
      password_hash: input.passwordHash,
      user_name: input.username,
      user_alias: input.useralias,
      user_phone: input.userphone,
      profile_id: input.careerCardId,
      job_code: input.jobGroup,
      year_code: input.careerYears,
      vendor: input.vendor,
      marketing_consent: input.marketingAgreed ?? false,
    };
    return await app.userRepository.signUp(row, async (trx, user) => {
      if (inTransaction) await inTransaction(trx, user);
      cardKey = `signup-${user.user_id}`;
      try {
        return await app.careercard.create(
          {
            profileId: input.careerCardId,
            userId: user.user_id,
            userName: input.username,
            userAlias: input.useralias,
            jobGroupCode: input.jobGroup,
            positionCode: input.position ?? null,
            yearCode: input.careerYears,
          },
          cardKey,
        );
      } catch (error) {
        // A clear refusal (409, 400) created nothing; only an uncertain failure needs the compensation.
        if (!(error instanceof CareercardUnavailable)) cardKey = null;
        throw error;
      }
    });
  } catch (error) {
    // The transaction has rolled back; a card that may exist is deleted again with the same key.
    if (cardKey) {
      const removed = await app.careercard.remove(input.careerCardId, cardKey);
      app.log.warn({ key: cardKey, removed }, 'sign-up failed after the career card step; compensated');
    }
    if (error instanceof ApiError) throw error;
    throw uniqueViolationToConflict(error);
  }
}
