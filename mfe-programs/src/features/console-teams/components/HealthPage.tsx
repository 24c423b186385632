import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { EmptyState } from '@sq/ui';
import { seoulDay } from '../../../shared/dates';
import { useTeamHealth } from '../api/get-team-health';
import { personName, roleName, stateName } from '../../../shared/console/labels';
import { CohortFrame } from '../../../shared/console/CohortFrame';
import styles from '../../../shared/console/console.module.css';
import { TableWrap } from '../../../shared/console/TableWrap';
import { TeamPageView } from '../../../shared/console/TeamPageView';
import { TeamFlags, TeamTrouble, noTeamsPublished } from './TeamTrouble';

function Health({ oddId }: { oddId: number }) {
  const health = useTeamHealth(oddId);
  return (
    <TeamPageView pages={health} empty={<EmptyState title="발표된 팀이 없어요" />} none={noTeamsPublished}>
      {(page) => (
        <>
          <p className={styles.lead}>
            {seoulDay(page.day)} 기준이에요. 체크인은 매일 밤 10시에 마감되고, 2일 연속 누락하면 중도 하차돼요.
          </p>
          <TeamTrouble pages={health} health={page}>
            <HealthTeams page={page} />
          </TeamTrouble>
        </>
      )}
    </TeamPageView>
  );
}

/** A page of the teams: each one's members with their check-ins, and the team's own counts (of this team alone). */
function HealthTeams({ page }: { page: TeamHealthResponse }) {
  return (
    <div className={styles.board}>
      {page.teams.map((team) => (
        <section
          key={team.teamId}
          className={styles.team}
          data-testid="health-team"
          data-team-id={team.teamId}
          aria-label={team.name}
        >
          <div className={styles.teamHead}>
            <h3 className={styles.teamName}>{team.name}</h3>
            <span className={styles.muted}>
              활동 {team.active}명 · 하차 {team.dropped}명
            </span>
            <TeamFlags team={team} atRiskMisses={page.atRiskMisses} />
            {team.stopped ? <span className={styles.chip}>중단됨</span> : null}
          </div>
          <TableWrap label={`${team.name} 팀원 활동`}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">팀원</th>
                  <th scope="col">역할</th>
                  <th scope="col">상태</th>
                  <th scope="col" className={styles.num}>
                    체크인
                  </th>
                  <th scope="col" className={styles.num}>
                    연속
                  </th>
                  <th scope="col" className={styles.num}>
                    누락
                  </th>
                  <th scope="col">최근 누락</th>
                </tr>
              </thead>
              <tbody>
                {team.members.map((m) => (
                  <tr key={m.joinId} data-testid="health-member" data-join-id={m.joinId}>
                    <td>{personName(m)}</td>
                    <td>{roleName(m.role)}</td>
                    <td>{stateName(m.state)}</td>
                    <td className={styles.num}>{m.checkins}</td>
                    <td className={styles.num}>{m.streak}일</td>
                    <td className={styles.num}>
                      {m.misses ? <span className={`${styles.chip} ${styles.chipDanger}`}>{m.misses}</span> : 0}
                    </td>
                    <td>{m.lastMiss ? seoulDay(m.lastMiss) : '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </section>
      ))}
    </div>
  );
}

/** `/admin/cohorts/{oddId}/health`: check-in streaks and misses per team, so a team in trouble shows before anyone is dropped. */
export function HealthPage() {
  return <CohortFrame title="팀 건강도">{(cohort) => <Health oddId={cohort.oddId} />}</CohortFrame>;
}
