import type { Knex } from 'knex';

/**
 * oidc-provider's storage adapter on PostgreSQL (account.oauth_state): one row per model instance (Grant,
 * AccessToken, ClientCredentials, AuthorizationCode, Session, Interaction, ...), shared by every instance of the
 * service. Clients are not stored here: the `Client` model reads the partner apps operators manage
^ * (partner-app-repository.ts). The interface is the library's (its adapter documentation); expired rows are
 * never returned and are pruned a few at a time as new ones are written.
 */
export interface ClientSource {
  clientMetadata(clientId: string): Promise<Record<string, unknown> | undefined>;
}

/** Rows past their expiry removed per write (bounded work per request, the table stays small). */
const PRUNE_PER_WRITE = 20;

type Payload = Record<string, unknown>;

export function oauthStateAdapterFactory(knex: Knex, clients: ClientSource) {
  return class OAuthStateAdapter {
    constructor(readonly name: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      if (this.name === 'Client')
        throw new Error('partner apps are managed in the console, not registered dynamically');
      const accountId =
        typeof payload.accountId === 'string' && /^\d+$/.test(payload.accountId) ? Number(payload.accountId) : null;
      const row = {
        kind: this.name,
        id,
        payload: JSON.stringify(payload),
        grant_id: (payload.grantId as string | undefined) ?? (this.name === 'Grant' ? id : null),
        user_code: (payload.userCode as string | undefined) ?? null,
        uid: (payload.uid as string | undefined) ?? null,
        account_id: accountId,
        expires_at: expiresIn ? knex.raw(`now() + make_interval(secs => ?)`, [expiresIn]) : null,
      };
      await knex('oauth_state')
        .insert(row)
        .onConflict(['kind', 'id'])
        .merge(['payload', 'grant_id', 'user_code', 'uid', 'account_id', 'expires_at']);
      await knex('oauth_state')
        .whereIn(
          ['kind', 'id'],
          knex('oauth_state').select('kind', 'id').where('expires_at', '<', knex.fn.now()).limit(PRUNE_PER_WRITE),
        )
        .delete();
    }

    private async one(where: Record<string, string>): Promise<Payload | undefined> {
      const row = await knex('oauth_state')
        .where({ kind: this.name, ...where })
        .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', knex.fn.now()))
        .first('payload', 'consumed_at');
      if (!row) return undefined;
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Payload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : payload;
    }

    async find(id: string): Promise<Payload | undefined> {
      if (this.name === 'Client') return clients.clientMetadata(id);
      return this.one({ id });
    }

    findByUserCode(userCode: string) {
      return this.one({ user_code: userCode });
    }

    findByUid(uid: string) {
      return this.one({ uid });
    }

    async consume(id: string): Promise<void> {
      await knex('oauth_state').where({ kind: this.name, id }).update({ consumed_at: knex.fn.now() });
    }

    async destroy(id: string): Promise<void> {
      await knex('oauth_state').where({ kind: this.name, id }).delete();
    }

    /** A grant's tokens and codes of every kind go with it (the library calls this per model; one delete suffices). */
    async revokeByGrantId(grantId: string): Promise<void> {
      await knex('oauth_state').where({ grant_id: grantId }).delete();
    }
  };
}
