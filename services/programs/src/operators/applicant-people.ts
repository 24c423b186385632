import type { ApplicantPerson, FriendRequest, FriendStatus } from '@sq/contracts/api/operators/applicants';
import type { ApplicantRow, FriendRow } from '../repositories/applicant-list-repository';

export interface CohortPerson extends ApplicantPerson {
  /** The check-up's total score 0..100, which the team matcher weighs (the console shows the level). */
  skillScore: number | null;
}

const isErased = (row: ApplicantRow) => Boolean(row.personal_data_erased_at);
const lower = (text: string | null | undefined) => text?.toLowerCase() ?? null;

function statusOf(requests: FriendRequest[]): FriendStatus {
  if (!requests.length) return 'NONE';
  if (requests.some((r) => r.together === null)) return 'UNDECIDED';
  return requests.every((r) => r.together) ? 'HONOURED' : 'NOT_HONOURED';
}

/**
 * Who the given applications of one cohort are, from their rows alone (no other service is asked): names,
 * nicknames, career card IDs and IT skill from the applications' copies (migration 201), job, career, weekly hours
 * and friend requests from the submitted answers, and where the board has them. A friend request is matched to the
 * friend's live application in the cohort (`friends`: among the members the request was resolved to, by career card
 * ID in any case), so the operator sees whether it is mutual and whether the board keeps them together. A withdrawn
 * member (personal data erased) is nobody: no name, no career, no friends, no level; the console shows them by number.
 */
export function peopleOf(rows: ApplicantRow[], friends: FriendRow[]): Map<number, CohortPerson> {
  const byCard = new Map(
    friends.flatMap((f) => (f.member_career_card_id ? [[f.member_career_card_id.toLowerCase(), f] as const] : [])),
  );

  const friendRequests = (row: ApplicantRow): FriendRequest[] => {
    const myCard = lower(row.member_career_card_id);
    const placed = row.team_key !== null || row.waitlisted;
    return (isErased(row) ? [] : (row.friend_card_ids ?? [])).map((careerCardId) => {
      const live = byCard.get(careerCardId.toLowerCase()) ?? null;
      // Only among the members this request was resolved to.
      const friend = live && (row.friend_user_ids ?? []).includes(live.user_id) ? live : null;
      const mutual = Boolean(
        friend &&
        ((friend.friend_card_ids ?? []).some((id) => id.toLowerCase() === myCard) ||
          (friend.friend_user_ids ?? []).includes(row.user_id)),
      );
      return {
        careerCardId,
        joinId: friend?.join_id ?? null,
        alias: friend?.member_nickname ?? null,
        mutual,
        together: placed ? row.team_key !== null && friend !== null && friend.team_key === row.team_key : null,
      };
    });
  };

  return new Map(
    rows.map((row) => {
      const erased = isErased(row);
      const required = erased ? null : row.required;
      const requests = friendRequests(row);
      const person: CohortPerson = {
        name: erased ? null : row.member_name,
        alias: erased ? null : row.member_nickname,
        careerCardId: erased ? null : row.member_career_card_id,
        role: row.role,
        jobGroup: required?.jobGroup ?? null,
        position: required?.position ?? null,
        careerYears: required?.careerYears ?? null,
        experienceMonths: required?.experienceMonths ?? null,
        skillLevel: erased ? null : row.skill_level,
        skillScore: erased ? null : row.skill_score,
        weeklyHours: erased ? null : row.weekly_hours,
        friendRequests: requests,
        friendStatus: statusOf(requests),
        placement: row.team_key !== null ? 'PLACED' : row.waitlisted ? 'WAITLISTED' : 'NOT_ON_BOARD',
        teamKey: row.team_key,
      };
      return [row.join_id, person] as const;
    }),
  );
}

/** The public part of a person (the matcher's score stays in the service). */
export const shown = ({ skillScore: _score, ...person }: CohortPerson): ApplicantPerson => person;
