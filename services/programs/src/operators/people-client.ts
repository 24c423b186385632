import { SKILL_LEVELS_MAX_APPLICATIONS, USER_LOOKUP_MAX_USERS, type InternalSkillLevelsResponse } from '@sq/contracts';
import { createInternalClient, type InternalCallConfig } from '@sq/service-kit';

const NO_RETRY: InternalCallConfig = { retries: 0, backoffMs: 0 };

export interface Person {
  userId: number;
  name: string;
  alias: string;
  profileId: string | null;
}

/** An IT skill check-up result: level 1..5 and total score 0..100 (null from an itskill that does not send it). */
export interface SkillResult {
  level: number;
  totalScore: number | null;
}

/** Splits a cohort's worth of ids into the batches a peer takes in one request. */
const batches = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Who the applicants are, for the operators' console: names and career card IDs from the account service
 * (`POST /internal/users/lookup`), IT skill check-up results from the itskill service
 * (`POST /internal/skill-levels`: the result attached to each application, else the member's latest). A cohort
 * is asked in batches of what each peer takes (a 5,000-applicant board is five requests, not 5,000). Both are
 * optional peers: when one does not answer, the console shows the applicant without a name (null) or without
 * a level (null) rather than failing.
 */
export function createPeopleClient(options: { accountUrl: string; itskillUrl: string; internalSecret: string; timeoutMs: number }) {
  // Optional peers, asked for every applicant of a list: never retried, so a peer that is down costs the
  // console one failed attempt per batch (names or levels show as unknown), not a slower page.
  const shared = { internalSecret: options.internalSecret, timeoutMs: options.timeoutMs, retry: NO_RETRY };
  const account = createInternalClient({ peer: 'account', baseUrl: options.accountUrl, ...shared });
  const itskill = createInternalClient({ peer: 'itskill', baseUrl: options.itskillUrl, ...shared });
  return {
    async lookup(userIds: number[]): Promise<Map<number, Person>> {
      const people = new Map<number, Person>();
      await Promise.all(batches([...new Set(userIds)], USER_LOOKUP_MAX_USERS).map(async (batch) => {
        try {
          // A read that needs a body: safe to repeat.
          const { status, json } = await account.call({ method: 'POST', path: '/internal/users/lookup', body: { userIds: batch }, idempotent: true });
          if (status < 200 || status > 299) return;
          for (const user of (json as { users: Person[] }).users) people.set(user.userId, user);
        } catch {
          // Account unreachable: names stay unknown.
        }
      }));
      return people;
    },
    /**
     * Each application's IT skill check-up result, keyed by joinId: the result the member attached to that
     * application (POST /api/getMyinfoSkill), else their latest; null when they have none or itskill does not
     * answer. `level` 1..5 is what the console shows, `totalScore` 0..100 what the team matcher weighs.
     */
    async skillLevels(applications: { userId: number; joinId: number }[]): Promise<Map<number, SkillResult | null>> {
      const levels = new Map<number, SkillResult | null>(applications.map((a) => [a.joinId, null]));
      await Promise.all(batches(applications, SKILL_LEVELS_MAX_APPLICATIONS).map(async (batch) => {
        try {
          const { status, json } = await itskill.call({ method: 'POST', path: '/internal/skill-levels', body: { applications: batch }, idempotent: true });
          if (status < 200 || status > 299) return;
          for (const { joinId, level, totalScore } of (json as InternalSkillLevelsResponse).levels) {
            levels.set(joinId, typeof level === 'number' ? { level, totalScore: typeof totalScore === 'number' ? totalScore : null } : null);
          }
        } catch {
          // Itskill unreachable: levels stay unknown.
        }
      }));
      return levels;
    },
  };
}

export type PeopleClient = ReturnType<typeof createPeopleClient>;
