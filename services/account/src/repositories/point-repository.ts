import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { alreadyEntitled, claimEntitlement } from './entitlement-markers';
import { createKeyedHash, type KeyedHash } from '../lib/keyed-hash';

/** What a credit writes to the points ledger. */
export interface PointCredit {
  reasonCode: string;
  amount: number;
  reasonText: string | null;
  entry: string | null;
}

/** The onboarding answers the account keeps (the card's names come from careercard). */
export interface OnboardingChanges {
  imgId?: string | null;
  intro: string | null;
  jobCode: string;
  yearCode: string;
  names: { jobGroupName: string | null; yearCodeName: string | null } | null;
}

/** The points ledger and onboarding: one-time credits, once per person (entitlement markers). */
export function createPointRepository(knex: Knex, keyed: KeyedHash) {
  /**
   * Once per person (an earlier, withdrawn account of theirs counts), and (user, reason) is unique: the credit
   * lands once however often or concurrently this is called. Inside the caller's transaction.
   */
  async function credit(trx: Knex.Transaction, userId: number, point: PointCredit): Promise<boolean> {
    if (!(await claimEntitlement(trx, keyed, userId, point.reasonCode))) return false;
    const rows = await trx('point_ledger')
      .insert({
        user_id: userId,
        reason_code: point.reasonCode,
        amount: point.amount,
        reason_text: point.reasonText,
        entry: point.entry,
      })
      .onConflict(['user_id', 'reason_code'])
      .ignore()
      .returning('id');
    return rows.length === 1;
  }

  return {
    balance: async (userId: number) =>
      Number((await knex('point_ledger').where({ user_id: userId }).sum({ total: 'amount' }).first())?.total ?? 0),
    /** Received on this account, or on an earlier (withdrawn) account of the same person. */
    received: async (userId: number, reasonCode: string) => {
      const row = await knex('point_ledger').where({ user_id: userId, reason_code: reasonCode }).first('id');
      return Boolean(row) || (await alreadyEntitled(knex, keyed, userId, reasonCode));
    },
    /** One transaction: however many claims race, one row lands. */
    grant: (userId: number, point: PointCredit) => knex.transaction((trx) => credit(trx, userId, point)),
    /** Saves the onboarding answers (user_step DONE) and credits `point` once, in one transaction. */
    completeOnboarding: (userId: number, changes: OnboardingChanges, point: PointCredit) =>
      knex.transaction(async (trx) => {
        await trx('user_account')
          .where({ user_id: userId })
          .update({
            // Kept only once careercard has checked it (every member has a card; none means nothing checked it).
            ...(changes.imgId !== undefined ? { img_id: changes.names ? changes.imgId : null } : {}),
            intro: changes.intro,
            job_code: changes.jobCode,
            year_code: changes.yearCode,
            ...(changes.names
              ? { job_group: changes.names.jobGroupName, career_years: changes.names.yearCodeName }
              : {}),
            user_step: 'DONE',
          });
        return credit(trx, userId, point);
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    pointRepository: ReturnType<typeof createPointRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('pointRepository', createPointRepository(app.knex, createKeyedHash(app.accountConfig.markerSecret)));
  },
  { name: 'point-repository', dependencies: ['knex', 'account-config'] },
);
