import type { Knex } from 'knex';

export interface AuditEntry {
  actorUserId: number;
  action: string;
  targetType: 'COHORT' | 'APPLICATION' | 'TEAM_BOARD' | 'TEAM';
  targetId?: string | number | null;
  oddId?: number | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** One row of the audit log, written in the same transaction as the operator's change it records. */
export async function audit(trx: Knex | Knex.Transaction, entry: AuditEntry): Promise<void> {
  await trx('audit_log').insert({
    actor_user_id: entry.actorUserId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    odd_id: entry.oddId ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    created_at: entry.at,
  });
}

/** The team an application was last taken off by an operator's removal (the audit log's TEAM_MEMBER_REMOVE), or null. */
export async function teamRemovedFrom(trx: Knex | Knex.Transaction, joinId: number): Promise<number | null> {
  const row = await trx('audit_log').where({ action: 'TEAM_MEMBER_REMOVE', target_type: 'APPLICATION', target_id: String(joinId) }).orderBy('audit_id', 'desc').first('before');
  const before = (typeof row?.before === 'string' ? JSON.parse(row.before) : row?.before) as { teamId?: number } | null | undefined;
  return before?.teamId ?? null;
}
