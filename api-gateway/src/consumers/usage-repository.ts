import type { Knex } from 'knex';

/**
 * The rate-limit store's keys for consumers (gateway.rate_limit, shared with the per-address limit): one per
 * consumer and window. The owner's user id is part of the key so that an owner's usage is one prefix.
 */
export const quotaKey = (owner: number, tokenId: number, window: 'minute' | 'day') => `consumer:u${owner}:t${tokenId}:${window}`;

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
