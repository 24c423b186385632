/**
 * One process of the site, started alone with its configuration from the environment: what a container
 * runs (`node packages/stack/bin/role.mjs <role>`, the image's ENTRYPOINT) and what `npm run role -- <role>`
 * starts locally. `npm start` still starts everything in one go.
 */
export const ROLES = {
  gateway: 'api-gateway/src/server.ts',
  account: 'services/account/src/server.ts',
  careercard: 'services/careercard/src/server.ts',
  content: 'services/content/src/server.ts',
  itskill: 'services/itskill/src/server.ts',
  // Web, with the job workers unless PROGRAMS_JOB_WORKERS=false (beside a programs-worker).
  programs: 'services/programs/src/server.ts',
  // pg-boss workers and cron schedules; only the ops port.
  'programs-worker': 'services/programs/src/worker.ts',
} as const;
/**
 * Roles that do one thing and exit, run as Jobs before the Deployments roll (deploy/rollout.sh): `migrate
 * <schema|all>` brings schemas to head; `publish-bundles` copies the image's remote builds to a static host
 * (when the overlay has one); `registry-sync` makes them known to the registry.
 */
export const ONE_SHOT_ROLES = ['migrate', 'publish-bundles', 'registry-sync'] as const;
export type RoleName = keyof typeof ROLES | (typeof ONE_SHOT_ROLES)[number];
