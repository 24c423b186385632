/**
 * The fixed ports of `npm start` (docs/operating.md, "Ports"); test runs take free ports instead. None may be on
 * the Fetch standard's bad-port list (`fetch-bad-ports.ts`): the services, the gateway and the browser
 * reach these with fetch.
 */
export const GATEWAY_PORT = 8080;
/** The embedded PostgreSQL unless `DATABASE_URL` is set (`EMBEDDED_PG_PORT` overrides). */
export const EMBEDDED_PG_PORT = 54329;
/**
 * Loopback peers: SMTP sink, developer mailbox, local OAuth provider, sandbox PG. The sandbox PG was on
 * 4190, a bad port: the programs service's fetch refused it, so no card could be registered.
 */
export const PEER_PORTS = { smtp: 1025, mailbox: 8025, oauth: 4180, pg: 4191 } as const;

export const gatewayPort = (env: NodeJS.ProcessEnv = process.env) => Number(env.PORT ?? GATEWAY_PORT);
export const embeddedPgPort = (env: NodeJS.ProcessEnv = process.env) =>
  Number(env.EMBEDDED_PG_PORT ?? EMBEDDED_PG_PORT);
