import type { ServiceDefinition, ServiceName, PreparedSchema, createKnex } from '@sq/service-kit';

/**
 * The modules behind each role, as literal imports: tsx runs them from source (`npm run role`), and the image's
 * server build (server-build.ts) follows them into compiled JavaScript. One list for both, so the image runs
 * exactly the modules the tests start.
 */
export const ROLE_MODULES = {
  gateway: () => import('../../../api-gateway/src/server'),
  account: () => import('../../../services/account/src/server'),
  careercard: () => import('../../../services/careercard/src/server'),
  content: () => import('../../../services/content/src/server'),
  itskill: () => import('../../../services/itskill/src/server'),
  // Web, with the job workers unless PROGRAMS_JOB_WORKERS=false (beside a programs-worker).
  programs: () => import('../../../services/programs/src/server'),
  // pg-boss workers and cron schedules; only the ops port.
  'programs-worker': () => import('../../../services/programs/src/worker'),
} as const;

/** Each service's definition (its migrations and seeds), for `migrate <schema>`. */
export const SERVICE_DEFINITIONS: Record<ServiceName, () => Promise<ServiceDefinition>> = {
  account: async () => (await import('../../../services/account/src/service')).accountService,
  careercard: async () => (await import('../../../services/careercard/src/service')).careercardService,
  content: async () => (await import('../../../services/content/src/service')).contentService,
  itskill: async () => (await import('../../../services/itskill/src/service')).itskillService,
  programs: async () => (await import('../../../services/programs/src/service')).programsService,
};

export interface GatewayMigrations {
  migrateGateway(knex: ReturnType<typeof createKnex>, url: string): Promise<PreparedSchema>;
  GATEWAY_MIGRATIONS: object;
}
/** The gateway's own schema (`migrate gateway`). */
export const gatewayMigrations = (): Promise<GatewayMigrations> => import('../../../api-gateway/src/migrations/index');

/** The first operator of a site (`create-operator --email …`; the script reads its own arguments). */
export const createOperatorScript = () => import('../../../services/account/src/create-operator');

/** The gateway's registry writer, for the `registry-sync` role. */
export const gatewayRegistrySync = () => import('../../../api-gateway/src/releases/registry-sync');
