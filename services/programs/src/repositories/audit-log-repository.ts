import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { AuditLogEntry } from '@sq/contracts/api/operators';

/** The operators' audit log as the console pages it (newest first; operators/audit.ts writes it). */
export function createAuditLogRepository(knex: Knex) {
  return {
    async page(options: { oddId?: number; before?: number; limit: number }): Promise<AuditLogEntry[]> {
      const query = knex('audit_log').orderBy('audit_id', 'desc').limit(options.limit);
      if (options.oddId) query.where({ odd_id: options.oddId });
      if (options.before) query.where('audit_id', '<', options.before);
      const rows = await query;
      return rows.map((r) => ({
        auditId: Number(r.audit_id), actorUserId: r.actor_user_id, action: r.action, targetType: r.target_type, targetId: r.target_id, oddId: r.odd_id,
        before: r.before, after: r.after, createdAt: new Date(r.created_at).toISOString(),
      }));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    auditLogRepository: ReturnType<typeof createAuditLogRepository>;
  }
}

export default fp(async (app) => {
  app.decorate('auditLogRepository', createAuditLogRepository(app.knex));
}, { name: 'audit-log-repository', dependencies: ['knex'] });
