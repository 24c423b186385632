/**
 * An application's life as the wizard, the state machine (core/transition.ts) and the payment core drive
 * it: its row with its cohort and product, its row lock, its columns, its state with the history row, and the
 * draft that starts it. Every function runs in the connection or transaction it is given, so the caller keeps its
 * transaction, its locks and their order. The routes' reads build on these (application-repository).
 */
import type { Knex } from 'knex';
import {
  LIVE_STATES,
  APPLICANT_STATES,
  type ApplicationActor,
  type ApplicationState,
} from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';
import type { Db } from './db';

/** One application with its cohort and product, as every view and rule reads it. Dates leave PostgreSQL as text. */
export function contextQuery(knex: Db) {
  return knex('application as a')
    .join('cohort as c', 'c.odd_id', 'a.odd_id')
    .join('product as p', 'p.product_id', 'c.product_id')
    .select(
      'a.*',
      'c.name as cohort_name',
      'c.recruit_start',
      'c.recruit_end',
      'c.cancelled_at',
      'c.capacity',
      'c.product_id',
      ...['team_building_announce_date', 'kickoff_date', 'start_date', 'end_date'].map((column) =>
        knex.raw(`to_char(c.??, 'YYYY-MM-DD') as ??`, [column, column]),
      ),
      'p.slug',
      'p.name as product_name',
      'p.kind',
      'p.fee_krw as product_fee_krw',
      'p.charge_policy',
      'p.max_friends',
      'p.min_experience_months',
      'p.planner_seats',
      'p.designer_seats',
      'p.developer_seats',
      'p.min_team_size',
    );
}

export async function loadContext(db: Db, joinId: number): Promise<Row | undefined> {
  return contextQuery(db).where('a.join_id', joinId).first();
}

/** The member's live application to a cohort (with its context), if any. */
export async function liveApplication(db: Db, userId: number, oddId: number): Promise<Row | undefined> {
  return contextQuery(db).where({ 'a.user_id': userId, 'a.odd_id': oddId }).whereIn('a.status', LIVE_STATES).first();
}

/** The application's row as it is now (no lock). */
export async function findApplication(db: Db, joinId: number): Promise<Row | undefined> {
  return db('application').where({ join_id: joinId }).first();
}

/** `FOR UPDATE` on one application's row: concurrent changes of the same application queue behind each other. */
export async function lockApplicationRow(trx: Knex.Transaction, joinId: number): Promise<Row | undefined> {
  return trx('application').where({ join_id: joinId }).forUpdate().first();
}

/** The application whose current card page is `issueId`. */
export async function applicationByIssue(db: Db, issueId: string): Promise<Row | undefined> {
  return db('application').where({ issue_id: issueId }).first();
}

/** The application holding `billingKey` as its current key. */
export async function applicationByBillingKey(db: Db, billingKey: string): Promise<Row | undefined> {
  return db('application').where({ billing_key: billingKey }).first();
}

/**
 * Writes the given columns of one application and nothing else (its state changes only through `writeState`);
 * `touch` also stamps updated_at with the database's time of the change.
 */
export async function updateApplication(
  db: Db,
  joinId: number,
  columns: Record<string, unknown>,
  options: { touch?: boolean } = {},
): Promise<void> {
  await db('application')
    .where({ join_id: joinId })
    .update(options.touch ? { ...columns, updated_at: db.fn.now() } : columns);
}

/** The state and the columns written with it; answers the row as written. */
export async function writeState(
  trx: Knex.Transaction,
  joinId: number,
  to: ApplicationState,
  changes: Record<string, unknown> = {},
): Promise<Row> {
  const [application] = await trx('application')
    .where({ join_id: joinId })
    .update({ ...changes, status: to, updated_at: trx.fn.now() })
    .returning('*');
  return application;
}

export interface HistoryEntry {
  joinId: number;
  /** null: the application's first row. */
  from: ApplicationState | null;
  to: ApplicationState;
  actor: ApplicationActor;
  actorUserId?: number | null;
  reason?: string | null;
}

/** A history row (the column holds 500 characters of the reason); its id. */
export async function addHistory(db: Db, entry: HistoryEntry): Promise<number> {
  const [history] = await db('application_history')
    .insert({
      join_id: entry.joinId,
      from_status: entry.from,
      to_status: entry.to,
      actor: entry.actor,
      actor_user_id: entry.actorUserId ?? null,
      reason: entry.reason?.slice(0, 500) ?? null,
    })
    .returning('history_id');
  return Number(history.history_id);
}

/** The application's history, oldest first. */
export async function historyOf(db: Db, joinId: number): Promise<Row[]> {
  return db('application_history').where({ join_id: joinId }).orderBy('history_id');
}

/**
 * A new draft, unless the member already has a live application to the cohort (the partial unique index
 * `application_one_live_per_cohort` decides, so concurrent starts insert once); its join id, or undefined.
 */
export async function insertDraft(
  trx: Knex.Transaction,
  draft: { oddId: number; userId: number; feeKrw: number },
): Promise<number | undefined> {
  const states = LIVE_STATES.map((s) => `'${s}'`).join(', ');
  const result = await trx.raw(
    `insert into application (odd_id, user_id, status, fee_krw, current_step) values (?, ?, 'DRAFT', ?, 'required')
     on conflict (odd_id, user_id) where status in (${states}) do nothing returning join_id`,
    [draft.oddId, draft.userId, draft.feeKrw],
  );
  return result.rows[0]?.join_id as number | undefined;
}

/** The cohort's applications past the wizard and not ended (what its capacity counts). */
export async function applicantCount(db: Db, oddId: number): Promise<number> {
  const [count] = await db('application')
    .where({ odd_id: oddId })
    .whereIn('status', APPLICANT_STATES)
    .count({ n: '*' });
  return Number(count?.n ?? 0);
}
