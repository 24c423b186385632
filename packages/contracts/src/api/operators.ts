/**
 * Operators' API of the programs service, all under `/api/admin/*`: ROLE_ADMIN checked at the
 * gateway and again in the service (a member gets 403 `접근 권한이 없습니다.` and nothing changes). Every
 * change writes one audit-log row (who, when, what, before and after). Responses carry `ErrorCode: '00'`.
 *
 * One file per area under ./operators/, each with its endpoints: cohorts, applicants, payments, audit, board,
 * teams (team pages, names, health), team-changes (removal, replacement, group refunds), judging, and sprint
 * (the members' side of the sprint and the published projects). Import from the area's file; this module
 * gathers them all for code that still imports `@sq/contracts/api/operators`.
 */
export * from './operators/cohorts';
export * from './operators/applicants';
export * from './operators/payments';
export * from './operators/audit';
export * from './operators/board';
export * from './operators/teams';
export * from './operators/team-changes';
export * from './operators/judging';
export * from './operators/sprint';
export * from './operators/submissions';
