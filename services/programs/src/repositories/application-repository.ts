import type { Knex } from 'knex';
import { APPLICANT_STATES, ENDED_STATES, type ApplicationState } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';
import { contextQuery, liveApplication, loadContext } from './application-lifecycle-repository';
import { attemptPurpose, type CardPagePurpose } from './billing-key-repository';

/**
 * Statuses after which an application holds nothing of the member's any more (no reservation, no charge, no team
 * seat): the state machine's ended states (a partial refund included: what was kept is kept, nothing is pending)
 * and a completed program.
 */
export const FINISHED_APPLICATION_STATUSES: readonly ApplicationState[] = [...ENDED_STATES, 'COMPLETED'];

/** The most applications my page's history lists. */
const HISTORY_LIMIT = 200;

const newestFirst: { column: string; order: 'desc' }[] = [
  { column: 'a.created_at', order: 'desc' },
  { column: 'a.join_id', order: 'desc' },
];

/**
 * A member's applications as they and other services read them: each with its cohort and product (the
 * context every view reads; src/applications/application-view builds the order and the detail from it).
 * Changes go through the wizard, the payments and the state machine (src/applications, src/payments,
 * src/core), which read and write through application-lifecycle-repository (the same context queries)
 * inside their transactions.
 */
export function createApplicationRepository(knex: Knex) {
  return {
    /** One application with its cohort and product, whoever's it is. */
    context: (joinId: number): Promise<Row | undefined> => loadContext(knex, joinId),

    /** The member's live application to a cohort, if any. */
    live: (userId: number, oddId: number): Promise<Row | undefined> => liveApplication(knex, userId, oddId),

    /** My page's history: every application of the member, newest first. */
    ofMember: (userId: number): Promise<Row[]> =>
      contextQuery(knex).where('a.user_id', userId).orderBy(newestFirst).limit(HISTORY_LIMIT),

    /** The member's applications past the wizard and not ended, newest first. */
    inProgress: (userId: number): Promise<Row[]> =>
      contextQuery(knex).where('a.user_id', userId).whereIn('a.status', APPLICANT_STATES).orderBy(newestFirst),

    /** How many of the member's applications still hold a reservation, a charge or a team seat. */
    async liveCount(userId: number): Promise<number> {
      const row = await knex('application')
        .where({ user_id: userId })
        .whereNotIn('status', FINISHED_APPLICATION_STATUSES)
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    /** Whether the application is this member's, whatever its state. */
    async belongsTo(joinId: number, userId: number): Promise<boolean> {
      return Boolean(await knex('application').where({ join_id: joinId, user_id: userId }).first('join_id'));
    },

    /** The member's application to the cohort that the card page `issueId` was opened for, whatever its state. */
    async byCardPage(userId: number, oddId: number, issueId: string): Promise<number | null> {
      const row = await knex('card_page_attempt as t')
        .join('application as a', 'a.join_id', 't.join_id')
        .where({ 't.issue_id': issueId, 'a.user_id': userId, 'a.odd_id': oddId })
        .first('a.join_id');
      return row ? (row.join_id as number) : null;
    },

    /** Why one of this application's card pages was opened; null when the issue id is not one of its own. */
    cardPagePurpose: (joinId: number, issueId: string | null | undefined): Promise<CardPagePurpose | null> =>
      attemptPurpose(knex, joinId, issueId),
  };
}
