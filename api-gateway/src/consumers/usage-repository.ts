import type { Knex } from 'knex';

/**
 * The rate-limit store's keys for consumers (gateway.rate_limit, shared with the per-address limit): one per
 * consumer and window. The owner's user id is part of the key so that an owner's usage is one prefix.
 */
export const personalQuotaPrefix = (owner: number, tokenId: number) => `consumer:u${owner}:t${tokenId}`;
/** A partner app's requests are counted together, whoever it acts for (its tier is the app's). */
export const partnerQuotaPrefix = (appId: number) => `consumer:app${appId}`;

/** How many requests each of a member's tokens made in its current daily window, read from the shared counts. */
export function createUsageRepository(knex: Knex) {
  return {
    async requestsToday(owner: number): Promise<{ tokenId: number; requestsToday: number }[]> {
      const rows = (await knex('gateway.rate_limit')
        .where('key', 'like', `consumer:u${owner}:t%:day`)
        .where('expires_at', '>', knex.fn.now())
        .select('key', 'count')) as { key: string; count: number }[];
      return rows
        .map((row) => ({ tokenId: Number(/:t(\d+):day$/.exec(row.key)?.[1]), requestsToday: row.count }))
        .filter((row) => Number.isSafeInteger(row.tokenId))
        .sort((a, b) => a.tokenId - b.tokenId);
    },
  };
}
