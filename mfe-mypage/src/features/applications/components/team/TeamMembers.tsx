import type { MyTeamResponse } from '@sq/contracts/api/operators/sprint';
import { Icon } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import styles from './team.module.css';

/** Teammates: name, role, a left-the-team mark, and a link to each career card (/careercard/{profileId}). */
export function TeamMembers({ members, myJoinId }: { members: MyTeamResponse['members']; myJoinId: number }) {
  return (
    <ul className={styles.members} aria-label="팀원" data-testid="team-members">
      {members.map((m) => (
        <li key={m.joinId} className={styles.member} data-testid="team-member" data-join-id={m.joinId}>
          <div>
            <div className={styles.memberName}>
              {m.name ?? '이름 비공개'}
              {m.joinId === myJoinId ? ' (나)' : ''}
            </div>
            <div className={styles.memberRole}>{m.roleName ?? '역할 미정'}</div>
            {m.state === 'DROPPED' ? <div className={styles.memberLeft}>중도 하차</div> : null}
          </div>
          {m.profileId ? (
            <AppLink to={`/careercard/${m.profileId}`} className={styles.cardLink}>
              <Icon name="card" size={18} />
              커리어 카드
            </AppLink>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
