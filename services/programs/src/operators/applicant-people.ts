import type { Knex } from 'knex';
import { APPLICANT_STATES, type ApplicantRole, type ApplicationAnswers } from '@sq/contracts/api/applications';
import type { ApplicantPerson, FriendRequest, FriendStatus } from '@sq/contracts/api/operators';
import type { Row } from '@sq/service-kit';
import type { PeopleClient, SkillResult } from './people-client';

/** Where the board has people: team key -> join ids, and the waitlist. */
export interface Placements {
  teams: Record<string, number[]>;
  waitlist: number[];
}

export interface CohortPerson extends ApplicantPerson {
  /** The check-up's total score 0..100, which the team matcher weighs (the console shows the level). */
  skillScore: number | null;
}

const answersOf = (row: Row) => (row.answers ?? {}) as ApplicationAnswers;
const isErased = (row: Row) => Boolean(row.personal_data_erased_at);

function statusOf(requests: FriendRequest[]): FriendStatus {
  if (!requests.length) return 'NONE';
  if (requests.some((r) => r.together === null)) return 'UNDECIDED';
  return requests.every((r) => r.together) ? 'HONOURED' : 'NOT_HONOURED';
}

/**
 * Who the given applications of one cohort are: names, nicknames and career card IDs from the account service,
 * job, career, weekly hours and friend requests from the submitted answers, IT skill from the itskill service,
 * and where the board has them. A friend request is matched to the friend's live application in the cohort by
 * career card ID (among the applications of the members the request was resolved to), so the operator sees
 * whether it is mutual and whether the board keeps them together. A withdrawn member (personal data erased) is nobody:
 * no name, no career, no friends, no level; the console shows them by number.
 */
export async function peopleOf(knex: Knex, people: PeopleClient, oddId: number, rows: Row[], board: Placements | null): Promise<Map<number, CohortPerson>> {
  // The friends' applications: the aside step resolved each requested career card to its owner (friend_user_ids),
  // so only those members' applications can match a request, and the lookups stay with these rows and their friends.
  const friendUserIds = [...new Set(rows.flatMap((r) => (isErased(r) ? [] : ((r.friend_user_ids ?? []) as number[]))))];
  const cohort: Row[] = friendUserIds.length
    ? await knex('application').where({ odd_id: oddId }).whereIn('status', APPLICANT_STATES).whereRaw('user_id = any(?::int[])', [friendUserIds]).select('join_id', 'user_id', 'answers', 'friend_user_ids', 'personal_data_erased_at')
    : [];
  const everyone = [...cohort, ...rows];
  const [accounts, skills] = await Promise.all([
    people.lookup(everyone.filter((r) => !isErased(r)).map((r) => r.user_id as number)),
    people.skillLevels(rows.filter((r) => !isErased(r)).map((r) => ({ userId: r.user_id as number, joinId: r.join_id as number }))),
  ]);
  const cardOf = (row: Row) => (isErased(row) ? null : (accounts.get(row.user_id)?.profileId ?? null));
  const byCard = new Map(cohort.flatMap((r) => (cardOf(r) ? [[cardOf(r)!.toLowerCase(), r] as const] : [])));
  const teamOf = new Map(Object.entries(board?.teams ?? {}).flatMap(([key, ids]) => ids.map((id) => [id, key] as const)));
  const waitlisted = new Set(board?.waitlist ?? []);
  const requestsOf = (row: Row): string[] => (isErased(row) ? [] : [...(answersOf(row).aside?.friendCareerCardIds ?? [])]);

  const friendRequests = (row: Row): FriendRequest[] => {
    const myCard = cardOf(row)?.toLowerCase();
    const myTeam = teamOf.get(row.join_id) ?? null;
    return requestsOf(row).map((careerCardId) => {
      const live = byCard.get(careerCardId.toLowerCase()) ?? null;
      const mutual = Boolean(live && (requestsOf(live).some((id) => id.toLowerCase() === myCard) || ((live.friend_user_ids ?? []) as number[]).includes(row.user_id)));
      const placed = myTeam !== null || waitlisted.has(row.join_id);
      return {
        careerCardId,
        joinId: live?.join_id ?? null,
        alias: live ? (accounts.get(live.user_id)?.alias ?? null) : null,
        mutual,
        together: placed ? myTeam !== null && live !== null && teamOf.get(live.join_id) === myTeam : null,
      };
    });
  };

  return new Map(
    rows.map((row) => {
      const erased = isErased(row);
      const account = erased ? undefined : accounts.get(row.user_id);
      const answers = answersOf(row);
      const skill: SkillResult | null = erased ? null : (skills.get(row.join_id) ?? null);
      const requests = friendRequests(row);
      const teamKey = teamOf.get(row.join_id) ?? null;
      const person: CohortPerson = {
        name: account?.name ?? null,
        alias: account?.alias ?? null,
        careerCardId: account?.profileId ?? null,
        role: (row.role as ApplicantRole | null) ?? null,
        jobGroup: answers.required?.jobGroup ?? null,
        position: answers.required?.position ?? null,
        careerYears: answers.required?.careerYears ?? null,
        experienceMonths: answers.required?.experienceMonths ?? null,
        skillLevel: skill?.level ?? null,
        skillScore: skill?.totalScore ?? null,
        weeklyHours: answers.aside?.weeklyHours ?? null,
        friendRequests: requests,
        friendStatus: statusOf(requests),
        placement: teamKey !== null ? 'PLACED' : waitlisted.has(row.join_id) ? 'WAITLISTED' : 'NOT_ON_BOARD',
        teamKey,
      };
      return [row.join_id as number, person] as const;
    }),
  );
}

/** The public part of a person (the matcher's score stays in the service). */
export const shown = ({ skillScore: _score, ...person }: CohortPerson): ApplicantPerson => person;
