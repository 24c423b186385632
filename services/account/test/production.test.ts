import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_INTERNAL_SECRET, buildService } from '@sq/service-kit';
import type { TestService } from '@sq/service-kit/testing';
import { accountService } from '../src/service';
import { hashPassword } from '../src/passwords';
import { DEMO_ACCOUNTS } from '../src/seeds';
import { createOperator } from '../src/repositories/operator-accounts';
import { buildAccount, closedPortUrl } from './support/peers';

/** A production database: migrated, reference data only (no demo accounts). */
let account: TestService;
beforeAll(async () => {
  account = await buildAccount({ careercardUrl: await closedPortUrl(), seed: false });
});
afterAll(() => account?.close());

/** Another instance of the service on the same database, started as production starts it. */
async function productionStart() {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const app = await buildService(accountService, {
      databaseUrl: account.databaseUrl,
      internalSecret: DEV_INTERNAL_SECRET,
      runSeed: false,
    });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  } finally {
    process.env.NODE_ENV = previous;
  }
}

const signIn = (email: string, password: string) =>
  account.app.inject({ method: 'POST', url: '/api/signin', payload: { email, password } });

describe('the first operator of a production site', () => {
  it('is made by create-operator and signs in as an operator', async () => {
    expect(await account.app.knex('user_account').count({ n: '*' }).first()).toEqual({ n: '0' });
    const { created } = await createOperator(account.app.knex, {
      email: 'Ops@Company.example',
      name: '김운영',
      password: 'Str0ng-ops!',
    });
    expect(created).toBe(true);
    const response = await signIn('ops@company.example', 'Str0ng-ops!');
    expect(response.statusCode).toBe(200);
    expect(response.json().userData).toMatchObject({ userRole: 'ROLE_ADMIN' });
    await expect(productionStart()).resolves.toBeUndefined();
  });

  it('refuses weak and demo passwords; promotes an existing e-mail account and replaces its password', async () => {
    await expect(
      createOperator(account.app.knex, { email: 'weak@company.example', name: '운영', password: 'short1!' }),
    ).rejects.toThrow(/operator refused/);
    await expect(
      createOperator(account.app.knex, {
        email: 'demo@company.example',
        name: '운영',
        password: DEMO_ACCOUNTS.admin.password,
      }),
    ).rejects.toThrow(/demo account password/);
    const again = await createOperator(account.app.knex, {
      email: 'ops@company.example',
      name: '김운영',
      password: 'N3w-ops-pass!',
    });
    expect(again.created).toBe(false);
    expect((await signIn('ops@company.example', 'Str0ng-ops!')).statusCode).toBe(401);
    expect((await signIn('ops@company.example', 'N3w-ops-pass!')).statusCode).toBe(200);
  });
});

describe('a production start', () => {
  it('refuses to start while an operator signs in with the demo admin password', async () => {
    await account.app
      .knex('user_account')
      .where({ email: 'ops@company.example' })
      .update({ password_hash: await hashPassword(DEMO_ACCOUNTS.admin.password) });
    await expect(productionStart()).rejects.toThrow(/ops@company\.example signs in with a demo password/);
    await createOperator(account.app.knex, { email: 'ops@company.example', name: '김운영', password: 'An0ther-ops!' });
    await expect(productionStart()).resolves.toBeUndefined();
  });

  it('refuses a database that still has the demo accounts with their README passwords', async () => {
    const demo = await buildAccount({ careercardUrl: await closedPortUrl() });
    try {
      const previous = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        const app = await buildService(accountService, {
          databaseUrl: demo.databaseUrl,
          internalSecret: DEV_INTERNAL_SECRET,
          runSeed: false,
        });
        await expect(app.ready()).rejects.toThrow(/example\.com signs in with a demo password/);
        await app.close();
      } finally {
        process.env.NODE_ENV = previous;
      }
    } finally {
      await demo.close();
    }
  });
});
