import { useCallback, useState } from 'react';
import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { Button, EmptyState } from '@sq/ui';
import { useTeamHealth } from '../api/get-team-health';
import { personName, roleName, stateName } from '../../../shared/console/labels';
import { CohortFrame } from '../../../shared/console/CohortFrame';
import { GroupRefundDialog } from './GroupRefundDialog';
import { RemovalDialog } from './RemovalDialog';
import { TeamPageView } from '../../../shared/console/TeamPageView';
import { TeamFlags, TeamTrouble, noTeamsPublished } from './TeamTrouble';
import styles from '../../../shared/console/console.module.css';

type Team = TeamHealthResponse['teams'][number];
type Dialog =
  | { kind: 'remove'; team: Team; member: Team['members'][number] }
  | { kind: 'teamStop'; team: Team }
  | { kind: 'companyEnded' };

/** What the page does, and the refund of the whole cohort. */
function Toolbar({ open }: { open: (dialog: Dialog) => void }) {
  return (
    <div className={styles.toolbar}>
      <p className={styles.lead}>
        팀원을 제외하면 그 순간의 환불 규정으로 환불하고, 같은 역할의 대기자 중 잘 맞는 순으로 대체 팀원을 제안해요.
      </p>
      <span className={styles.spacer} />
      <Button variant="secondary" onClick={() => open({ kind: 'companyEnded' })} data-testid="company-ended-open">
        회사 사정 종료 환불 (기수 전체)
      </Button>
    </div>
  );
}

/** A page of the teams, each with its members and what can be done to them; members at risk of the drop flagged. */
function TeamList({ page, open }: { page: TeamHealthResponse; open: (dialog: Dialog) => void }) {
  const atRisk = (m: Team['members'][number]) => m.state === 'ASSIGNED' && m.misses >= page.atRiskMisses;
  return (
    <div className={styles.board}>
      {page.teams.map((team) => (
        <section
          key={team.teamId}
          className={styles.team}
          data-testid="ops-team"
          data-team-id={team.teamId}
          aria-label={team.name}
        >
          <div className={styles.teamHead}>
            <h3 className={styles.teamName}>{team.name}</h3>
            <span className={styles.muted}>
              {team.teamKey} · 활동 {team.active}명
            </span>
            <TeamFlags team={team} atRiskMisses={page.atRiskMisses} />
            {team.stopped ? <span className={`${styles.chip} ${styles.chipDanger}`}>중단됨</span> : null}
          </div>
          <ul className={styles.members}>
            {team.members.map((m) => (
              <li key={m.joinId} className={styles.member} data-testid="ops-member" data-join-id={m.joinId}>
                <div className={styles.memberHead}>
                  <span className={styles.memberName}>{personName(m)}</span>
                  <span className={`${styles.chip} ${styles.chipStrong}`}>{roleName(m.role)}</span>
                  <span className={styles.chip}>{stateName(m.state)}</span>
                  {!team.stopped && atRisk(m) ? (
                    <span className={`${styles.chip} ${styles.chipDanger}`} data-testid="member-misses">
                      누락 {m.misses}회
                    </span>
                  ) : null}
                  <span className={styles.spacer} />
                  {!team.stopped && m.state === 'ASSIGNED' ? (
                    <button
                      type="button"
                      className={styles.iconButton}
                      onClick={() => open({ kind: 'remove', team, member: m })}
                      data-testid="remove-open"
                    >
                      제외
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {!team.stopped ? (
            <Button
              size="small"
              variant="secondary"
              onClick={() => open({ kind: 'teamStop', team })}
              data-testid="team-stop-open"
            >
              팀 중단 환불
            </Button>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function Teams({ oddId, cohortName }: { oddId: number; cohortName: string }) {
  const health = useTeamHealth(oddId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const reload = health.reload;
  // Stable, so a reload under an open dialog does not move the focus (the Modal re-runs its focus effect on a new onClose).
  const close = useCallback(() => setDialog(null), []);

  // The dialogs stay open while the page of teams on screen reloads after a change (the removal dialog goes on to the
  // replacement).
  return (
    <>
      <TeamPageView
        pages={health}
        empty={
          <EmptyState
            title="발표된 팀이 없어요"
            description="팀 빌딩에서 팀을 발표하면 여기서 팀원 교체와 환불을 할 수 있어요."
          />
        }
        none={noTeamsPublished}
      >
        {(page) => (
          <>
            <Toolbar open={setDialog} />
            <TeamTrouble pages={health} health={page}>
              <TeamList page={page} open={setDialog} />
            </TeamTrouble>
          </>
        )}
      </TeamPageView>
      {dialog?.kind === 'remove' ? (
        <RemovalDialog
          joinId={dialog.member.joinId}
          teamId={dialog.team.teamId}
          name={personName(dialog.member)}
          role={dialog.member.role}
          onClose={close}
          onChanged={reload}
        />
      ) : null}
      {dialog?.kind === 'teamStop' ? (
        <GroupRefundDialog
          scope={{ teamId: dialog.team.teamId }}
          refundCase="TEAM_STOP"
          title={dialog.team.name}
          onClose={close}
          onDone={reload}
        />
      ) : null}
      {dialog?.kind === 'companyEnded' ? (
        <GroupRefundDialog
          scope={{ oddId }}
          refundCase="COMPANY_ENDED"
          title={cohortName}
          onClose={close}
          onDone={reload}
        />
      ) : null}
    </>
  );
}

/**
 * `/admin/cohorts/{oddId}/teams`: the published teams a page at a time; member removal with refund and replacement; team stop
 * and company-ended refunds (each change reloads the page on screen).
 */
export function TeamsPage() {
  return (
    <CohortFrame title="팀 운영">{(cohort) => <Teams oddId={cohort.oddId} cohortName={cohort.name} />}</CohortFrame>
  );
}
