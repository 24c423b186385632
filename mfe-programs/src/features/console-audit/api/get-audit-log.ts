import { apiGet } from '@sq/api-client';
import type { AuditLogResponse } from '@sq/contracts/api/operators/audit';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit-log?oddId=&limit=&before= — operators' actions, newest first; `before` pages back. */
export async function getAuditLog(query: { oddId: number | null; before: number | null }, signal?: AbortSignal) {
  const params = { oddId: query.oddId ?? undefined, before: query.before ?? undefined, limit: AUDIT_PAGE_SIZE };
  return (await apiGet<AuditLogResponse>('/admin/audit-log', params, { signal })).entries;
}
