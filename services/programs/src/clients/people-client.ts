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
const batches = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Who the applicants are, from the services that own it: names and career card IDs from the account service
 * (`POST /internal/users/lookup`), IT skill check-up results from the itskill service (`POST /internal/skill-levels`:
 * the result attached to each application, else the member's latest). Many are asked in batches of what each peer
 * takes (5,000 members are five requests, not 5,000).
 *
 * `names` and `levels` fail when a peer does not answer (the applicant copy, operators/people-copy.ts, then keeps its
 * copy due and tries again); `lookup` answers what it could (a page that shows names, e.g. the payment records, shows
 * an unknown name rather than failing).
 */
export function createPeopleClient(options: {
  accountUrl: string;
  itskillUrl: string;
  internalSecret: string;
  timeoutMs: number;
}) {
  // Never retried here: the copy job has retries of its own, and a page's lookup should not wait for them.
  const shared = { internalSecret: options.internalSecret, timeoutMs: options.timeoutMs, retry: NO_RETRY };
  const account = createInternalClient({ peer: 'account', baseUrl: options.accountUrl, ...shared });
  const itskill = createInternalClient({ peer: 'itskill', baseUrl: options.itskillUrl, ...shared });

  async function namesOfBatch(batch: number[]): Promise<Person[]> {
    // A read that needs a body: safe to repeat.
    const { status, json } = await account.call({
      method: 'POST',
      path: '/internal/users/lookup',
      body: { userIds: batch },
      idempotent: true,
    });
    if (status < 200 || status > 299) throw new Error(`account answered ${status} to a names lookup`);
    return (json as { users: Person[] }).users;
  }

  async function levelsOfBatch(batch: { userId: number; joinId: number }[]): Promise<[number, SkillResult | null][]> {
    const { status, json } = await itskill.call({
      method: 'POST',
      path: '/internal/skill-levels',
      body: { applications: batch },
      idempotent: true,
    });
    if (status < 200 || status > 299) throw new Error(`itskill answered ${status} to a skill levels lookup`);
    return (json as InternalSkillLevelsResponse).levels.map(({ joinId, level, totalScore }) => [
      joinId,
      typeof level === 'number' ? { level, totalScore: typeof totalScore === 'number' ? totalScore : null } : null,
    ]);
  }

  /** Every member the account knows among `userIds` (a withdrawn or unknown one is absent); throws when it does not answer. */
  async function names(userIds: number[]): Promise<Map<number, Person>> {
    const answered = await Promise.all(batches([...new Set(userIds)], USER_LOOKUP_MAX_USERS).map(namesOfBatch));
    return new Map(answered.flat().map((p) => [p.userId, p] as const));
  }

  /** Each application's result, keyed by joinId (null: none); throws when itskill does not answer. */
  async function levels(applications: { userId: number; joinId: number }[]): Promise<Map<number, SkillResult | null>> {
    const answered = await Promise.all(batches(applications, SKILL_LEVELS_MAX_APPLICATIONS).map(levelsOfBatch));
    return new Map([...applications.map((a) => [a.joinId, null] as [number, SkillResult | null]), ...answered.flat()]);
  }

  return {
    names,
    levels,
    /** As `names`, but a batch the account does not answer leaves its members out (names unknown). */
    async lookup(userIds: number[]): Promise<Map<number, Person>> {
      const people = new Map<number, Person>();
      await Promise.all(
        batches([...new Set(userIds)], USER_LOOKUP_MAX_USERS).map(async (batch) => {
          for (const person of await namesOfBatch(batch).catch(() => [])) people.set(person.userId, person);
        }),
      );
      return people;
    },
  };
}

export type PeopleClient = ReturnType<typeof createPeopleClient>;
