/**
 * The audit log is written by the repository (`audit` in src/repositories/audit-log-repository.ts); this name stays
 * for the operators' modules that still import it from here (sprint.ts).
 */
export { audit, type AuditEntry } from '../repositories/audit-log-repository';
