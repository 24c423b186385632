import type { Knex } from 'knex';

/**
 * Demo applications so the recruit pages show live counts: [oddId, planners, designers, developers, cancelled].
 * Demo applicants have user ids from 90001 up, apart from the account service's demo accounts, so no demo
 * member has applied already.
 */
const DEMO: [oddId: number, planners: number, designers: number, developers: number, cancelled: number][] = [
  [109, 14, 12, 22, 3],
  [111, 16, 11, 25, 2],
  [112, 9, 5, 13, 2],
  [304, 17, 0, 0, 1],
  [401, 4, 6, 8, 0],
];

/** Where each demo cohort's applications stand: past team projects completed, open ones reserved, charged-at-purchase ones paid. */
const DEMO_STATUS: Record<number, string> = { 109: 'COMPLETED', 111: 'COMPLETED', 112: 'RESERVED', 304: 'PAID', 401: 'PAID' };

export async function seedApplications(knex: Knex): Promise<void> {
  let userId = 90_001;
  const rows: Record<string, unknown>[] = [];
  for (const [oddId, planners, designers, developers, cancelled] of DEMO) {
    const add = (role: string, n: number, status: string) => {
      for (let i = 0; i < n; i++) rows.push({ odd_id: oddId, user_id: userId++, role, status });
    };
    const status = DEMO_STATUS[oddId] ?? 'RESERVED';
    add('PLANNER', planners, status);
    add('DESIGNER', designers, status);
    add('DEVELOPER', developers, status);
    add('DEVELOPER', cancelled, 'CANCELLED');
  }
  await knex('application').insert(rows);
}
