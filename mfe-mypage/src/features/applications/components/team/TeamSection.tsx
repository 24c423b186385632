import { isApiError } from '@sq/api-client';
import type { ApplicationDetail } from '@sq/contracts/api/applications';
import type { MyTeamResponse } from '@sq/contracts/api/operators/sprint';
import { ErrorFallback, Spinner, seoulDay, seoulTime } from '@sq/ui';
import { useMyTeam } from '../../api/get-my-team';
import { CheckinBox } from './CheckinBox';
import { Results } from './Results';
import { SubmissionBox } from './SubmissionBox';
import { TeamMembers } from './TeamMembers';
import styles from './team.module.css';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Schedule({ schedule }: { schedule: MyTeamResponse['schedule'] }) {
  return (
    <dl className={styles.facts} aria-label="일정" data-testid="team-schedule">
      {schedule.teamBuildingAnnounceDate ? (
        <Fact label="팀 빌딩 결과 발표">{seoulDay(schedule.teamBuildingAnnounceDate)}</Fact>
      ) : null}
      {schedule.kickoffDate ? <Fact label="킥오프">{seoulDay(schedule.kickoffDate)}</Fact> : null}
      <Fact label="진행 기간">
        {seoulDay(schedule.startDate)} ~ {seoulDay(schedule.endDate)}
      </Fact>
      {schedule.checkinClosesAt ? <Fact label="체크인">진행 기간 동안 매일 밤 10시 마감</Fact> : null}
      {schedule.submissionClosesAt ? (
        <Fact label="최종 제출 마감">{seoulTime(schedule.submissionClosesAt)}</Fact>
      ) : null}
    </dl>
  );
}

/** Before the team is published: when it will be (nothing else to show yet). */
function NotPublished({ application }: { application: ApplicationDetail }) {
  const when = application.teamBuildingAnnounceDate
    ? `팀 빌딩 결과는 ${seoulDay(application.teamBuildingAnnounceDate)}에 발표돼요.`
    : '팀 빌딩 결과가 발표되면 이곳에서 팀을 확인할 수 있어요.';
  return (
    <p className={styles.notice} role="status" data-testid="team-not-published">
      아직 발표된 팀이 없어요. {when}
    </p>
  );
}

function Team({ application, team }: { application: ApplicationDetail; team: MyTeamResponse }) {
  const me = team.members.find((m) => m.joinId === application.joinId);
  const sprint = application.kind === 'SPRINT';
  return (
    <>
      <div className={styles.box}>
        <h3 className={styles.subtitle} data-testid="team-name">
          {team.team.name}
        </h3>
        {team.team.stopped ? (
          <p className={styles.alert}>
            운영진이 이 팀의 활동을 중단했어요. 환불 내역은 위 결제 정보에서 확인해 주세요.
          </p>
        ) : null}
        {team.team.shortHanded && !team.team.stopped ? (
          <p className={styles.warning} data-testid="team-short-handed">
            중도 하차한 팀원이 있어 팀 인원이 최소 인원보다 적어요. 운영진이 곧 안내해 드릴게요.
          </p>
        ) : null}
        <p className={styles.muted} data-testid="team-explanation">
          <strong>배정 이유</strong>
          {'\n'}
          {team.explanation}
        </p>
        <TeamMembers members={team.members} myJoinId={application.joinId} />
        <Schedule schedule={team.schedule} />
      </div>
      {team.checkin ? (
        <CheckinBox
          joinId={application.joinId}
          checkin={team.checkin}
          dropped={me?.state === 'DROPPED'}
          schedule={team.schedule}
        />
      ) : null}
      {sprint ? (
        <SubmissionBox
          joinId={application.joinId}
          submission={team.submission}
          // Only members still on a running team write it; everyone else sees it read-only.
          editable={team.submissionOpen && me?.state === 'ASSIGNED' && !team.team.stopped}
          open={team.submissionOpen}
          closesAt={team.schedule.submissionClosesAt}
        />
      ) : null}
      {team.results ? <Results results={team.results} members={team.members} /> : null}
    </>
  );
}

/**
 * The member's team on /mypage/history/{id} (its own chunk): once the team is published, the teammates with
 * their career cards, why the member was placed there and the schedule; in a sprint also the daily check-in
 * and the final submission; after judging, the team's scores, feedback and prizes. Before publishing, a status.
 */
export function TeamSection({ application }: { application: ApplicationDetail }) {
  const team = useMyTeam(application.joinId);
  return (
    <section className={styles.section} aria-labelledby="team-title" data-testid="team-section">
      <h2 id="team-title" className={styles.title}>
        우리 팀
      </h2>
      {team.status === 'loading' ? <Spinner /> : null}
      {team.status === 'error' ? (
        isApiError(team.error) && team.error.status === 404 ? (
          <NotPublished application={application} />
        ) : (
          <ErrorFallback title={isApiError(team.error) ? team.error.message : undefined} onRetry={team.reload} />
        )
      ) : null}
      {team.status === 'success' ? <Team application={application} team={team.data} /> : null}
    </section>
  );
}
