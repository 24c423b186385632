import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import {
  PARTNER_MESSAGES,
  type Identity,
  type PartnerAppListResponse,
  type PartnerAppSecretResponse,
} from '@sq/contracts';
import { accountService } from '../src/service';

/**
 * The operators' registry of partner apps in the account service: validation in Korean that leaves everything as
 * it was, the secret shown once and never stored, rotation, and an audit row for every change. The OAuth 2.0 flows
 * themselves run through the gateway in api-gateway/test/partner-apps-real.test.ts.
 */
let service: TestService;
beforeAll(async () => {
  service = await build(accountService);
});
afterAll(async () => {
  await service?.close();
});

const OPERATOR = { userId: 2, role: 'ROLE_ADMIN' as const, sid: 'partner-apps-test' };
const MEMBER = { userId: 1, role: 'ROLE_USER' as const, sid: 'partner-apps-member' };
const VALID = {
  name: '잡보드',
  ownerEmail: 'dev@partner.example',
  scopes: ['programs:read'],
  tier: 'partner',
  redirectUris: ['https://partner.example/cb', 'http://127.0.0.1:8711/cb'],
};
const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, who: Identity = OPERATOR) =>
  service.app.inject({ method, url, headers: service.as(who), ...(payload ? { payload } : {}) });
const snapshot = async () => ({
  apps: await service.app.knex('partner_app').orderBy('app_id'),
  audit: await service.app.knex('operator_audit').count({ n: '*' }).first(),
});

describe('partner apps in the console', () => {
  it('are registered with the secret shown once and never stored, rotated, edited, and every change audited', async () => {
    const created = await send('POST', '/api/admin/partner-apps', VALID);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const { app, clientSecret } = created.json<PartnerAppSecretResponse>();
    expect(clientSecret).toMatch(/^sqs_[\w-]{43}$/);
    expect(app).toMatchObject({
      name: '잡보드',
      scopes: ['programs:read'],
      tier: 'partner',
      enabled: true,
      secretHint: clientSecret.slice(0, 8),
    });
    const [row] = await service.app.knex('partner_app').where({ app_id: app.appId });
    expect(JSON.stringify(row)).not.toContain(clientSecret.slice(8));
    const listed = (await send('GET', '/api/admin/partner-apps')).json<PartnerAppListResponse>().apps;
    expect(listed.find((a) => a.appId === app.appId)).toEqual(app);
    expect(JSON.stringify(listed)).not.toContain(clientSecret.slice(8));

    const rotated = (
      await send('POST', `/api/admin/partner-apps/${app.appId}/secret`)
    ).json<PartnerAppSecretResponse>();
    expect(rotated.clientSecret).not.toBe(clientSecret);
    expect(rotated.app.secretHint).toBe(rotated.clientSecret.slice(0, 8));

    const disabled = await send('PUT', `/api/admin/partner-apps/${app.appId}`, {
      ...VALID,
      scopes: ['programs:read', 'careercard:read'],
      enabled: false,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().app).toMatchObject({ enabled: false, scopes: ['programs:read', 'careercard:read'] });

    const audit = await service.app
      .knex('operator_audit')
      .where({ target_type: 'PARTNER_APP', target_id: String(app.appId) })
      .orderBy('audit_id');
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([
      ['PARTNER_APP_CREATE', 2],
      ['PARTNER_APP_ROTATE_SECRET', 2],
      ['PARTNER_APP_DISABLE', 2],
    ]);
    expect(JSON.stringify(audit)).not.toContain(rotated.clientSecret.slice(8));
    expect(audit[2].before).toMatchObject({ enabled: true });
    expect(audit[2].after).toMatchObject({ enabled: false });
    const shown = (await send('GET', '/api/admin/partner-apps/audit'))
      .json()
      .entries.filter((e: { appId: number }) => e.appId === app.appId);
    expect(shown.map((e: { action: string }) => e.action)).toEqual([
      'PARTNER_APP_DISABLE',
      'PARTNER_APP_ROTATE_SECRET',
      'PARTNER_APP_CREATE',
    ]);
  });

  it.each([
    [
      'a plain-http redirect URI',
      { redirectUris: ['http://partner.example/cb'] },
      PARTNER_MESSAGES.partnerAppRedirectUriInvalid,
    ],
    [
      'a redirect URI with a fragment',
      { redirectUris: ['https://partner.example/cb#x'] },
      PARTNER_MESSAGES.partnerAppRedirectUriInvalid,
    ],
    ['a relative redirect URI', { redirectUris: ['/cb'] }, PARTNER_MESSAGES.partnerAppRedirectUriInvalid],
    ['no scope', { scopes: [] }, PARTNER_MESSAGES.partnerAppScopesRequired],
    ['an unknown scope', { scopes: ['admin:all'] }, PARTNER_MESSAGES.partnerAppScopesRequired],
    ['an unknown tier', { tier: 'unlimited' }, PARTNER_MESSAGES.partnerAppTierInvalid],
    ['no name', { name: '  ' }, PARTNER_MESSAGES.partnerAppNameRequired],
    ['a bad owner e-mail', { ownerEmail: 'partner' }, PARTNER_MESSAGES.partnerAppOwnerEmailInvalid],
  ])('refuse %s in Korean and change nothing, on registration and on edit', async (_case, change, message) => {
    const { app } = (await send('POST', '/api/admin/partner-apps', VALID)).json<PartnerAppSecretResponse>();
    const before = await snapshot();
    for (const [method, url] of [
      ['POST', '/api/admin/partner-apps'],
      ['PUT', `/api/admin/partner-apps/${app.appId}`],
    ] as const) {
      const response = await send(method, url, { ...VALID, ...change });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("are the operators' alone, and an unknown app answers 404 in Korean", async () => {
    expect((await send('GET', '/api/admin/partner-apps', undefined, MEMBER)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/partner-apps', VALID, MEMBER)).statusCode).toBe(403);
    const missing = await send('POST', '/api/admin/partner-apps/999999/secret');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PARTNER_MESSAGES.partnerAppNotFound);
  });
});
