import { describeError } from './errors';
import { isSchemaName, migrate, SCHEMAS } from './migrate';
import { publishBundlesRole } from './publish-bundles';
import { registrySync } from './registry-sync';
import { ROLE_MODULES, createOperatorScript } from './role-modules';
import { ONE_SHOT_ROLES, ROLES } from './roles';

// The entry of `node packages/stack/bin/role.mjs <role>` (the image's ENTRYPOINT) and `npm run role -- <role>`.
const USAGE = `usage: role <${[...Object.keys(ROLES), ...ONE_SHOT_ROLES].join('|')}>; migrate <${[...SCHEMAS, 'all'].join('|')}>`;

async function main(): Promise<void> {
  const [role, target] = process.argv.slice(2);
  if (role === 'migrate') {
    if (!isSchemaName(target)) {
      console.error(USAGE);
      process.exit(2);
    }
    await migrate(target);
    // The pg pools are gone; nothing else keeps the process, but a straggling socket must not hold a Job open.
    process.exit(0);
  }
  if (role === 'publish-bundles') {
    publishBundlesRole();
    process.exit(0);
  }
  if (role === 'create-operator') {
    await createOperatorScript();
    return;
  }
  if (role === 'registry-sync') {
    await registrySync();
    process.exit(0);
  }
  if (!Object.hasOwn(ROLES, role ?? '')) {
    console.error(USAGE);
    process.exit(2);
  }
  // The entry listens (or works) and handles SIGTERM itself.
  await ROLE_MODULES[role as keyof typeof ROLES]();
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
