import type { Knex } from 'knex';
import { SESSION_EVENTS_CHANNEL } from '@sq/contracts';
import type { SessionCache } from './session-cache';

export interface SessionEventsOptions {
  /** How often the listening connection proves it is alive (SESSION_EVENTS_HEARTBEAT_MS). */
  heartbeatMs: number;
  /** How long a heartbeat (or connecting) may take before the connection counts as dead. */
  timeoutMs: number;
  /** Wait before connecting again after the connection was lost. */
  retryMs: number;
}

/** How the listening connection shows in pg_stat_activity. */
export const SESSION_EVENTS_APPLICATION = 'sq-gateway-session-events';

export const DEFAULT_SESSION_EVENTS: SessionEventsOptions = { heartbeatMs: 2_000, timeoutMs: 1_000, retryMs: 1_000 };

/** The few calls of node-postgres' Client used here (the driver knex already loaded). */
interface ListenClient {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
}

/**
 * Listens on SESSION_EVENTS_CHANNEL with a connection of its own (LISTEN needs a session: behind PgBouncer it
 * must be a direct or session-pooled connection) and hands every announcement to the cache. The cache is live
 * only while this connection is up and its heartbeat answers within `timeoutMs`; otherwise it is emptied and
 * bypassed until a new connection listens again.
 */
export class SessionEventListener {
  private client: ListenClient | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly knex: Knex,
    private readonly databaseUrl: string,
    private readonly cache: Pick<SessionCache, 'announce' | 'setLive'>,
    private readonly options: SessionEventsOptions,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Resolves once the first attempt settled (listening or not); later attempts run in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { Client } = this.knex.client.driver as { Client: new (config: object) => ListenClient };
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: SESSION_EVENTS_APPLICATION,
      connectionTimeoutMillis: this.options.timeoutMs,
      query_timeout: this.options.timeoutMs,
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === SESSION_EVENTS_CHANNEL) this.cache.announce(message.payload ?? '');
    });
    client.on('error', (error) => void this.lost(client, error));
    client.on('end', () => void this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${SESSION_EVENTS_CHANNEL}`);
    } catch (error) {
      await this.lost(client, error);
      return;
    }
    if (this.closed || this.client !== client) return;
    this.cache.setLive(true);
    this.heartbeat = setInterval(() => {
      client.query('select 1').catch((error: unknown) => void this.lost(client, error));
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private lost(client: ListenClient, error?: unknown): Promise<void> {
    if (this.client !== client) return Promise.resolve();
    this.client = null;
    this.cache.setLive(false);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const ended = client.end().catch(() => undefined);
    if (!this.closed) {
      this.onError(error ?? new Error('session events connection ended'));
      this.retry = setTimeout(() => void this.connect(), this.options.retryMs);
      this.retry.unref();
    }
    return ended;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.client) await this.lost(this.client);
  }
}
