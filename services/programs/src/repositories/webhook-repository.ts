/** The PG's webhooks taken in (`processed_webhook`: Standard Webhooks ids, body, outcome), once per webhook id. */
import type { Knex } from 'knex';
import type { Db } from './db';

/** A stored webhook (`processed_webhook`). */
export interface WebhookRow {
  webhook_id: string;
  type: string;
  /** The verified body as the PG sent it. */
  body: unknown;
  outcome: string | null;
  received_at: Date;
  processed_at: Date | null;
}

/** Stores a verified webhook; false when its id was already taken in (a redelivery). */
export async function storeWebhook(
  trx: Knex.Transaction,
  webhook: { id: string; type: string; body: unknown },
): Promise<boolean> {
  const inserted = await trx('processed_webhook')
    .insert({ webhook_id: webhook.id, type: webhook.type, body: JSON.stringify(webhook.body) })
    .onConflict('webhook_id')
    .ignore()
    .returning('webhook_id');
  return inserted.length > 0;
}

export async function findWebhook(db: Db, webhookId: string): Promise<WebhookRow | undefined> {
  return db('processed_webhook').where({ webhook_id: webhookId }).first();
}

export async function recordWebhookOutcome(db: Db, webhookId: string, outcome: string, at: Date): Promise<void> {
  await db('processed_webhook').where({ webhook_id: webhookId }).update({ processed_at: at, outcome });
}
