import type { ReactNode } from 'react';
import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { EmptyState, formatThousands } from '@sq/ui';
import type { TeamPageState } from '../../../shared/console/use-team-page';
import { FilterTabs } from '../../../shared/console/FilterTabs';
import { TeamPageLinks } from '../../../shared/console/TeamPageView';
import styles from '../../../shared/console/console.module.css';

/** Members at risk of the drop in the console's words, by the service's threshold (one miss: "누락 있는 팀원"). */
export const atRiskName = (atRiskMisses: number) =>
  atRiskMisses <= 1 ? '누락 있는 팀원' : `누락 ${atRiskMisses}회 이상인 팀원`;

type HealthTeam = TeamHealthResponse['teams'][number];

/** A team's own trouble, in its header on both pages: short-handed, and how many of its members are at risk. */
export function TeamFlags({ team, atRiskMisses }: { team: HealthTeam; atRiskMisses: number }) {
  return (
    <>
      {team.shortHanded ? <span className={`${styles.chip} ${styles.chipDanger}`}>인원 부족</span> : null}
      {team.atRisk ? (
        <span className={`${styles.chip} ${styles.chipDanger}`} data-testid="at-risk">
          {atRiskName(atRiskMisses)} {team.atRisk}명
        </span>
      ) : null}
    </>
  );
}

/** No team published in the cohort (TeamPageView's `none`: a page of those in trouble may hold none while others run). */
export const noTeamsPublished = (health: TeamHealthResponse) => health.summary.teams === 0;

/** Team health's pages of every team, or only of those in trouble. */
const VIEWS = [
  { value: false, name: '모든 팀' },
  { value: true, name: '문제 있는 팀만' },
];

/** The whole cohort's counts, the same on every page (those that need the operators flagged). */
function CohortCounts({ health }: { health: TeamHealthResponse }) {
  const { summary } = health;
  const figures: [string, number, boolean][] = [
    [`전체 팀 ${formatThousands(summary.teams)}개`, summary.teams, false],
    [`문제 있는 팀 ${formatThousands(summary.troubledTeams)}개`, summary.troubledTeams, true],
    [`인원 부족 팀 ${formatThousands(summary.shortHandedTeams)}개`, summary.shortHandedTeams, true],
    [`중단된 팀 ${formatThousands(summary.stoppedTeams)}개`, summary.stoppedTeams, false],
    [`${atRiskName(health.atRiskMisses)} ${formatThousands(summary.atRiskMembers)}명`, summary.atRiskMembers, true],
    [`하차한 팀원 ${formatThousands(summary.droppedMembers)}명`, summary.droppedMembers, false],
  ];
  return (
    <ul className={styles.counts} aria-label="기수 전체 팀 현황" data-testid="health-summary">
      {figures.map(([text, n, flagged]) => (
        <li key={text} className={flagged && n > 0 ? `${styles.chip} ${styles.chipDanger}` : styles.chip}>
          {text}
        </li>
      ))}
    </ul>
  );
}

/**
 * Team health's answer as the team health and team operations pages show it: the cohort's counts, then under the filter
 * tabs (every team, or only those in trouble: short-handed, or with a member at risk) the page's teams (`children`) and
 * the links to the other pages. Choosing a tab asks for its first page.
 */
export function TeamTrouble({
  pages,
  health,
  children,
}: {
  pages: TeamPageState<TeamHealthResponse, boolean>;
  health: TeamHealthResponse;
  children: ReactNode;
}) {
  const none = health.trouble && health.teamCount === 0;
  return (
    <>
      <CohortCounts health={health} />
      <FilterTabs label="보여 줄 팀" options={VIEWS} value={pages.filter} onChange={pages.setFilter}>
        {pages.filter ? (
          <p className={styles.hint}>
            인원이 부족하거나 {atRiskName(health.atRiskMisses)}이 있는 진행 중인 팀만 보여요.
          </p>
        ) : null}
        {none ? (
          <EmptyState
            title="문제 있는 팀이 없어요"
            description={`인원이 부족한 팀도, ${atRiskName(health.atRiskMisses)}도 없어요.`}
          />
        ) : (
          children
        )}
        <TeamPageLinks pages={pages} />
      </FilterTabs>
    </>
  );
}
