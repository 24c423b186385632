import type { ApplicantPerson, FriendRequest } from '@sq/contracts/api/operators/applicants';
import { FRIEND_STATUS_NAMES, careerText, hoursText, skillText } from '../../../shared/console/labels';
import styles from '../../../shared/console/console.module.css';

const requestText = (f: FriendRequest) => {
  const where =
    f.joinId === null ? '이 기수에 신청 안 함' : f.together === null ? '' : f.together ? '같은 팀' : '다른 팀';
  return [where, f.joinId === null ? '' : f.mutual ? '서로 요청' : '한쪽 요청'].filter(Boolean).join(', ');
};

/** What the operator weighs about a person: job and career, IT skill level, weekly hours, and friend requests with their outcome. */
export function PersonFacts({ person, codeNames }: { person: ApplicantPerson; codeNames: Record<string, string> }) {
  const name = (code: string | null) => (code ? (codeNames[code] ?? code) : null);
  const job = [
    name(person.position),
    name(person.careerYears),
    person.experienceMonths === null ? null : careerText(person.experienceMonths),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <div className={styles.memberHead} data-testid="person-facts">
        {job ? <span className={styles.muted}>{job}</span> : null}
        <span className={styles.chip}>{skillText(person.skillLevel)}</span>
        <span className={styles.chip}>{hoursText(person.weeklyHours)}</span>
      </div>
      {person.friendRequests.length ? (
        <p className={styles.explanation} data-testid="friend-requests" data-friend-status={person.friendStatus}>
          친구 요청 {FRIEND_STATUS_NAMES[person.friendStatus]}:{' '}
          {person.friendRequests.map((f, i) => (
            <span key={f.careerCardId}>
              {i ? ', ' : ''}
              {f.alias ?? f.careerCardId}
              {requestText(f) ? ` (${requestText(f)})` : ''}
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}
