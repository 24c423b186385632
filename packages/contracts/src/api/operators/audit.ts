/**
 * The operators' record: every change in the console writes one row (paths under /api/admin).
 *
 * - GET  /audit-log?oddId=&limit=&before=          -> AuditLogResponse (newest first)
 */

export interface AuditLogEntry {
  auditId: number;
  actorUserId: number;
  action: string;
  targetType: string;
  targetId: string | null;
  oddId: number | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}
export interface AuditLogResponse {
  entries: AuditLogEntry[];
}
