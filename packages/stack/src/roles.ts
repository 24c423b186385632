/**
 * One process of the site, started alone with its configuration from the environment: what a container
 * runs (the image's ENTRYPOINT runs the compiled `role.mjs <role>`, server-build.ts) and what `npm run role -- <role>`
 * starts locally from source. `npm start` still starts everything in one go. Each role's module: role-modules.ts.
 */
export { ROLE_MODULES as ROLES } from './role-modules';
/**
 * Roles that do one thing and exit, run as Jobs before the Deployments roll (deploy/rollout.sh): `migrate
 * <schema|all>` brings schemas to head; `publish-bundles` copies the image's remote builds to a static host
 * (when the overlay has one); `registry-sync` makes them known to the registry; `create-operator --email …` makes
 * a site's first operator (services/account/src/create-operator.ts).
 */
export const ONE_SHOT_ROLES = ['migrate', 'publish-bundles', 'registry-sync', 'create-operator'] as const;
export type RoleName = keyof typeof import('./role-modules').ROLE_MODULES | (typeof ONE_SHOT_ROLES)[number];
