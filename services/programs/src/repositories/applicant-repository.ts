import type { Knex } from 'knex';
import {
  COUNTED_STATUSES,
  type ApplicantRole,
  type CohortApplicants,
  type RoleApplicants,
} from '@sq/contracts/api/applicants';
import type { TeamMakeup } from '@sq/contracts';
import { ROLE_NAMES } from '@sq/contracts/api/application-states';
import { cohortStatus } from '../schedule';

const ROLES: { role: ApplicantRole; roleName: string; seats: keyof TeamMakeup['roles'] }[] = [
  { role: 'PLANNER', roleName: ROLE_NAMES.PLANNER, seats: 'planner' },
  { role: 'DESIGNER', roleName: ROLE_NAMES.DESIGNER, seats: 'designer' },
  { role: 'DEVELOPER', roleName: ROLE_NAMES.DEVELOPER, seats: 'developer' },
];

export function createApplicantRepository(knex: Knex) {
  return {
    /** Live applications per role of a cohort of a visible product, against its team make-up; null when there is no such cohort. */
    async countByRole(oddId: number, now: Date): Promise<CohortApplicants | null> {
      const cohort = await knex('cohort as c')
        .join('product as p', 'p.product_id', 'c.product_id')
        .where({ 'c.odd_id': oddId, 'p.is_visible': true })
        .select(
          'c.odd_id',
          'c.recruit_start',
          'c.recruit_end',
          'c.cancelled_at',
          knex.raw(`to_char(c.start_date, 'YYYY-MM-DD') as start_date`),
          knex.raw(`to_char(c.end_date, 'YYYY-MM-DD') as end_date`),
          'p.min_team_size',
          'p.max_team_size',
          'p.planner_seats',
          'p.designer_seats',
          'p.developer_seats',
          'p.max_friends',
        )
        .first();
      if (!cohort) return null;
      const rows: { role: ApplicantRole; count: string | number }[] = await knex('application')
        .where({ odd_id: oddId })
        .whereIn('status', COUNTED_STATUSES)
        .groupBy('role')
        .select('role', knex.raw('count(*) as count'));
      const counts = new Map(rows.map((r) => [r.role, Number(r.count)]));

      const teamMakeup: TeamMakeup | null =
        cohort.min_team_size === null
          ? null
          : {
              minSize: cohort.min_team_size,
              maxSize: cohort.max_team_size,
              roles: {
                planner: cohort.planner_seats,
                designer: cohort.designer_seats,
                developer: cohort.developer_seats,
              },
              maxFriends: cohort.max_friends,
            };
      const roles: RoleApplicants[] = ROLES.map(({ role, roleName, seats }) => ({
        role,
        roleName,
        applicants: counts.get(role) ?? 0,
        seatsPerTeam: teamMakeup ? teamMakeup.roles[seats] : null,
      })).filter((r) => r.seatsPerTeam !== 0);

      const status = cohortStatus(
        {
          recruitStart: cohort.recruit_start,
          recruitEnd: cohort.recruit_end,
          teamBuildingAnnounceDate: null,
          kickoffDate: null,
          startDate: cohort.start_date,
          endDate: cohort.end_date,
          cancelledAt: cohort.cancelled_at,
        },
        now,
      );
      return {
        oddId,
        status,
        recruiting: status === 'RECRUITING',
        total: [...counts.values()].reduce((sum, n) => sum + n, 0),
        roles,
        teamMakeup,
        countedAt: now.toISOString(),
      };
    },
  };
}
