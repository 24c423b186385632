import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DB_POOL_MAX, createKnex, readPoolConfig } from '../src';

describe('the database pool of a serving process (DB_POOL_MAX)', () => {
  const saved = process.env.DB_POOL_MAX;
  afterEach(() => {
    if (saved === undefined) delete process.env.DB_POOL_MAX;
    else process.env.DB_POOL_MAX = saved;
  });

  it('opens none while idle and at most DB_POOL_MAX, by default DEFAULT_DB_POOL_MAX', () => {
    expect(readPoolConfig({})).toEqual({ min: 0, max: DEFAULT_DB_POOL_MAX });
    expect(readPoolConfig({ DB_POOL_MAX: '4' })).toEqual({ min: 0, max: 4 });
  });

  it('refuses a size that is not a positive integer', () => {
    for (const raw of ['0', '-1', '2.5', 'ten'])
      expect(() => readPoolConfig({ DB_POOL_MAX: raw }), raw).toThrow(/DB_POOL_MAX/);
  });

  it('is what a service’s knex pool is made with', async () => {
    process.env.DB_POOL_MAX = '3';
    const knex = createKnex({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', schema: 'x' });
    try {
      expect((knex.client as { config: { pool: { max: number } } }).config.pool.max).toBe(3);
    } finally {
      await knex.destroy();
    }
  });
});
