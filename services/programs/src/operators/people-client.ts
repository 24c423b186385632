import { INTERNAL_SECRET_HEADER } from '@sq/contracts';
import { serviceUrl } from '@sq/service-kit';

export interface Person {
  userId: number;
  name: string;
  alias: string;
  profileId: string | null;
}

/**
 * Who the applicants are, for the operators' console: names and career card IDs from the account service
 * (`POST /internal/users/lookup`), IT skill check-up levels from the itskill service
 * (`GET /internal/users/{userId}/skill-level[?joinId=]`: the result attached to the application, else the
 * latest). Both are optional peers: when one does not answer, the
 * console shows the applicant without a name (null) or without a level (null) rather than failing.
 */
export function createPeopleClient(options: { internalSecret: string; timeoutMs?: number }) {
  const headers = { 'content-type': 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret };
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? Number(process.env.PEOPLE_LOOKUP_TIMEOUT_MS ?? 3_000));
  return {
    async lookup(userIds: number[]): Promise<Map<number, Person>> {
      const people = new Map<number, Person>();
      if (!userIds.length) return people;
      try {
        const response = await fetch(`${serviceUrl('account')}/internal/users/lookup`, { method: 'POST', headers, body: JSON.stringify({ userIds: [...new Set(userIds)] }), signal: timeout() });
        if (!response.ok) return people;
        for (const user of ((await response.json()) as { users: Person[] }).users) people.set(user.userId, user);
      } catch {
        // Account unreachable: names stay unknown.
      }
      return people;
    },
    /**
     * Each application's IT skill check-up level, keyed by joinId: the result the member attached to that
     * application (POST /api/getMyinfoSkill, asked with `?joinId=`), else their latest; null when they have
     * none or itskill does not answer.
     */
    async skillLevels(applications: { userId: number; joinId: number }[]): Promise<Map<number, number | null>> {
      const levels = new Map<number, number | null>();
      const levelOf = async (userId: number, query: string): Promise<number | null> => {
        const response = await fetch(`${serviceUrl('itskill')}/internal/users/${userId}/skill-level${query}`, { headers, signal: timeout() });
        const body = response.ok ? ((await response.json()) as { skill?: { level?: number } | null }) : null;
        return typeof body?.skill?.level === 'number' ? body.skill.level : null;
      };
      await Promise.all(
        applications.map(async ({ userId, joinId }) => {
          try {
            levels.set(joinId, (await levelOf(userId, `?joinId=${joinId}`)) ?? (await levelOf(userId, '')));
          } catch {
            levels.set(joinId, null);
          }
        }),
      );
      return levels;
    },
  };
}

export type PeopleClient = ReturnType<typeof createPeopleClient>;
