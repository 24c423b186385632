import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type {
  ConsumerScope,
  PartnerAppAuditEntry,
  PartnerAppForm,
  PartnerAppSummary,
  PartnerConsent,
  PartnerTier,
} from '@sq/contracts';
import { createKeyedHash, type KeyedHash } from '../lib/keyed-hash';
import { clientSecretOf, newClientId, newSalt, secretHint } from '../partners/client-secret';
import { oauthStateAdapterFactory, type ClientSource } from './oauth-state-adapter';

interface PartnerAppRow {
  app_id: number;
  client_id: string;
  name: string;
  owner_email: string;
  scopes: ConsumerScope[];
  tier: PartnerTier;
  redirect_uris: string[];
  enabled: boolean;
  secret_salt: Buffer;
  secret_hint: string;
  secret_rotated_at: Date;
  created_at: Date;
  updated_at: Date;
}

const summary = (row: PartnerAppRow): PartnerAppSummary => ({
  appId: row.app_id,
  clientId: row.client_id,
  name: row.name,
  ownerEmail: row.owner_email,
  scopes: row.scopes,
  tier: row.tier,
  redirectUris: row.redirect_uris,
  enabled: row.enabled,
  secretHint: row.secret_hint,
  secretRotatedAt: row.secret_rotated_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** One operator action, written in the same transaction as the change it records. */
async function audit(
  trx: Knex.Transaction,
  actor: number,
  action: string,
  targetId: string,
  before: unknown,
  after: unknown,
) {
  await trx('operator_audit').insert({
    actor_user_id: actor,
    action,
    target_type: 'PARTNER_APP',
    target_id: targetId,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
  });
}

/**
 * Every consent of a member to partner apps, with every token and code issued under them and their sign-ins on the
 * consent screen: a password reset and a withdrawal end them, as they end personal access tokens (in the caller's
 * transaction; the trigger of migration 030 announces the member to the gateways).
 */
export async function revokeMemberConsents(trx: Knex | Knex.Transaction, userId: number): Promise<void> {
  await trx('oauth_state')
    .whereIn('grant_id', trx('oauth_state').select('id').where({ kind: 'Grant', account_id: userId }))
    .delete();
  await trx('oauth_state').where({ account_id: userId }).delete();
}

/**
 * Partner apps (registered by operators) and members' consents to them. Every operator change is audited in the
 * same transaction (operator_audit); the secret is derived (client-secret.ts) and returned only by `create` and
 * `rotateSecret`.
 */
export function createPartnerAppRepository(knex: Knex, hash: KeyedHash) {
  const secretOf = (row: Pick<PartnerAppRow, 'client_id' | 'secret_salt'>) =>
    clientSecretOf(hash, row.client_id, row.secret_salt);

  return {
    async list(): Promise<PartnerAppSummary[]> {
      return ((await knex('partner_app').orderBy('app_id', 'desc')) as PartnerAppRow[]).map(summary);
    },

    async create(actor: number, form: PartnerAppForm): Promise<{ app: PartnerAppSummary; clientSecret: string }> {
      return knex.transaction(async (trx) => {
        const clientId = newClientId();
        const salt = newSalt();
        const clientSecret = secretOf({ client_id: clientId, secret_salt: salt });
        const [row] = (await trx('partner_app')
          .insert({
            client_id: clientId,
            name: form.name,
            owner_email: form.ownerEmail,
            scopes: form.scopes,
            tier: form.tier,
            redirect_uris: form.redirectUris,
            enabled: form.enabled ?? true,
            secret_salt: salt,
            secret_hint: secretHint(clientSecret),
            created_by: actor,
          })
          .returning('*')) as PartnerAppRow[];
        const app = summary(row!);
        await audit(trx, actor, 'PARTNER_APP_CREATE', String(app.appId), null, app);
        return { app, clientSecret };
      });
    },

    async update(actor: number, appId: number, form: PartnerAppForm): Promise<PartnerAppSummary | null> {
      return knex.transaction(async (trx) => {
        const before = (await trx('partner_app').where({ app_id: appId }).forUpdate().first()) as
          PartnerAppRow | undefined;
        if (!before) return null;
        const [row] = (await trx('partner_app')
          .where({ app_id: appId })
          .update({
            name: form.name,
            owner_email: form.ownerEmail,
            scopes: form.scopes,
            tier: form.tier,
            redirect_uris: form.redirectUris,
            enabled: form.enabled ?? before.enabled,
            updated_at: trx.fn.now(),
          })
          .returning('*')) as PartnerAppRow[];
        const app = summary(row!);
        await audit(
          trx,
          actor,
          before.enabled && !app.enabled
            ? 'PARTNER_APP_DISABLE'
            : !before.enabled && app.enabled
              ? 'PARTNER_APP_ENABLE'
              : 'PARTNER_APP_UPDATE',
          String(appId),
          summary(before),
          app,
        );
        return app;
      });
    },

    async rotateSecret(actor: number, appId: number): Promise<{ app: PartnerAppSummary; clientSecret: string } | null> {
      return knex.transaction(async (trx) => {
        const before = (await trx('partner_app').where({ app_id: appId }).forUpdate().first()) as
          PartnerAppRow | undefined;
        if (!before) return null;
        const salt = newSalt();
        const clientSecret = secretOf({ client_id: before.client_id, secret_salt: salt });
        const [row] = (await trx('partner_app')
          .where({ app_id: appId })
          .update({
            secret_salt: salt,
            secret_hint: secretHint(clientSecret),
            secret_rotated_at: trx.fn.now(),
            updated_at: trx.fn.now(),
          })
          .returning('*')) as PartnerAppRow[];
        const app = summary(row!);
        // The secret itself is never audited, only which one (its hint).
        await audit(
          trx,
          actor,
          'PARTNER_APP_ROTATE_SECRET',
          String(appId),
          { secretHint: before.secret_hint },
          { secretHint: app.secretHint },
        );
        return { app, clientSecret };
      });
    },

    /** The latest operator changes to partner apps, newest first. */
    async auditLog(limit: number): Promise<PartnerAppAuditEntry[]> {
      const rows = await knex('operator_audit')
        .where({ target_type: 'PARTNER_APP' })
        .orderBy('audit_id', 'desc')
        .limit(limit);
      return rows.map(
        (row: {
          audit_id: string | number;
          actor_user_id: number;
          action: PartnerAppAuditEntry['action'];
          target_id: string;
          created_at: Date;
        }) => ({
          auditId: Number(row.audit_id),
          actorUserId: row.actor_user_id,
          action: row.action,
          appId: Number(row.target_id),
          createdAt: row.created_at.toISOString(),
        }),
      );
    },

    async byClientId(clientId: string): Promise<(PartnerAppSummary & { clientSecret: string }) | null> {
      const row = (await knex('partner_app').where({ client_id: clientId }).first()) as PartnerAppRow | undefined;
      return row ? { ...summary(row), clientSecret: secretOf(row) } : null;
    },

    async byAppId(appId: number): Promise<PartnerAppSummary | null> {
      const row = (await knex('partner_app').where({ app_id: appId }).first()) as PartnerAppRow | undefined;
      return row ? summary(row) : null;
    },

    /** A member's consents (oidc-provider's grants), newest first, with the scopes the app may still use. */
    async consentsOf(userId: number): Promise<PartnerConsent[]> {
      const rows = await knex('oauth_state as s')
        .join('partner_app as a', 'a.client_id', knex.raw("s.payload->>'clientId'"))
        .where({ 's.kind': 'Grant', 's.account_id': userId })
        .andWhere((q) => q.whereNull('s.expires_at').orWhere('s.expires_at', '>', knex.fn.now()))
        .orderBy('s.created_at', 'desc')
        .select('s.id', 's.payload', 's.created_at', 'a.name', 'a.scopes');
      return rows.map(
        (row: { id: string; payload: unknown; created_at: Date; name: string; scopes: ConsumerScope[] }) => {
          const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as {
            resources?: Record<string, string>;
          };
          const granted = new Set(Object.values(payload.resources ?? {}).flatMap((scope) => scope.split(' ')));
          return {
            grantId: row.id,
            appName: row.name,
            scopes: row.scopes.filter((scope) => granted.has(scope)),
            grantedAt: row.created_at.toISOString(),
          };
        },
      );
    },

    /** Removes a member's consent with every token and code issued under it, in one statement. */
    async revokeConsent(userId: number, grantId: string): Promise<boolean> {
      return knex.transaction(async (trx) => {
        const grant = await trx('oauth_state').where({ kind: 'Grant', id: grantId, account_id: userId }).first('id');
        if (!grant) return false;
        await trx('oauth_state').where({ grant_id: grantId }).delete();
        return true;
      });
    },
  };
}

export type PartnerAppRepository = ReturnType<typeof createPartnerAppRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    partnerApps: PartnerAppRepository;
    /** oidc-provider's storage adapter class on this service's database, clients read from `clients`. */
    oauthStateAdapter(clients: ClientSource): ReturnType<typeof oauthStateAdapterFactory>;
  }
}

export default fp(
  async (app) => {
    app.decorate('partnerApps', createPartnerAppRepository(app.knex, createKeyedHash(app.accountConfig.markerSecret)));
    app.decorate('oauthStateAdapter', (clients: ClientSource) => oauthStateAdapterFactory(app.knex, clients));
  },
  { name: 'partner-app-repository', dependencies: ['knex', 'account-config'] },
);
