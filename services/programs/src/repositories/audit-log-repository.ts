import type { Knex } from 'knex';
import type { AuditLogEntry } from '@sq/contracts/api/operators/audit';
import type { Db } from './db';

export interface AuditEntry {
  actorUserId: number;
  action: string;
  targetType: 'COHORT' | 'APPLICATION' | 'TEAM_BOARD' | 'TEAM' | 'MONEY_EXCEPTION' | 'RECONCILIATION_RUN';
  targetId?: string | number | null;
  oddId?: number | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** One row of the audit log, written in the same transaction as the operator's change it records. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert({
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
export async function teamRemovedFrom(db: Db, joinId: number): Promise<number | null> {
  const row = await db('audit_log')
    .where({ action: 'TEAM_MEMBER_REMOVE', target_type: 'APPLICATION', target_id: String(joinId) })
    .orderBy('audit_id', 'desc')
    .first('before');
  const before = (typeof row?.before === 'string' ? JSON.parse(row.before) : row?.before) as
    { teamId?: number } | null | undefined;
  return before?.teamId ?? null;
}

/** The operators' audit log as the console pages it (newest first). */
export function createAuditLogRepository(knex: Knex) {
  return {
    async page(options: { oddId?: number; before?: number; limit: number }): Promise<AuditLogEntry[]> {
      const query = knex('audit_log').orderBy('audit_id', 'desc').limit(options.limit);
      if (options.oddId) query.where({ odd_id: options.oddId });
      if (options.before) query.where('audit_id', '<', options.before);
      const rows = await query;
      return rows.map((r) => ({
        auditId: Number(r.audit_id),
        actorUserId: r.actor_user_id,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        oddId: r.odd_id,
        before: r.before,
        after: r.after,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
  };
}
