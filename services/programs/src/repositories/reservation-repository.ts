/**
 * Reservations of team programs (charged when the team is published) still waiting for a team, as the
 * auto-cancel job finds them (src/payments/maintenance.ts decides and re-checks each under its row lock).
 */
import type { ApplicationState } from '@sq/contracts/api/applications';
import type { Db } from './db';

/**
 * Applications of ON_TEAM_PUBLISH products in one of `states`, not seated on a team, whose cohort announced its
 * teams before `announcedBefore` (a Seoul date, YYYY-MM-DD) and published them (the board) before that day too:
 * until the teams are published nobody was told they have none, however late the operators are. A waitlisted one
 * only while no card-update deadline of its cohort is unresolved.
 */
export async function unteamedReservations(
  db: Db,
  states: readonly ApplicationState[],
  announcedBefore: string,
): Promise<number[]> {
  const openDeadlines = (oddColumn: string) =>
    db('charge_deadline as d')
      .join('application as o', 'o.join_id', 'd.join_id')
      .whereNull('d.resolved_at')
      .whereRaw('o.odd_id = ??', [oddColumn])
      .select(db.raw('1'));
  return db('application as a')
    .join('cohort as c', 'c.odd_id', 'a.odd_id')
    .join('product as p', 'p.product_id', 'c.product_id')
    .join('team_board as b', 'b.odd_id', 'a.odd_id')
    .where('p.charge_policy', 'ON_TEAM_PUBLISH')
    .whereNotNull('c.team_building_announce_date')
    .where('c.team_building_announce_date', '<', announcedBefore)
    .whereNotNull('b.published_at')
    .whereRaw(`(b.published_at at time zone 'Asia/Seoul')::date < ?::date`, [announcedBefore])
    .whereIn('a.status', states as ApplicationState[])
    .whereNotExists(db('team_member as m').whereRaw('m.join_id = a.join_id').select(db.raw('1')))
    .where((q) => q.whereNot('a.status', 'WAITLISTED').orWhereNotExists(openDeadlines('a.odd_id')))
    .pluck('a.join_id');
}

/** The published team the application holds a seat on, or null. */
export async function seatedTeam(db: Db, joinId: number): Promise<number | null> {
  const seat = await db('team_member').where({ join_id: joinId }).first('team_id');
  return seat ? (seat.team_id as number) : null;
}

/** Whether the application holds a seat on a published team. */
export async function hasTeamSeat(db: Db, joinId: number): Promise<boolean> {
  return (await seatedTeam(db, joinId)) !== null;
}
