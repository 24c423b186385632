import os from 'node:os';
import knexFactory, { type Knex } from 'knex';
import { migrateGateway } from '../migrations';
import { promoteRemote, releaseRemote, ReleaseError, rollbackRemote, type ChangeResult } from './release-actions';
import { readBundle, readShellProvides, syncBundles } from './registry-sync';

/**
 * `npm run release | promote | rollback` (packages/stack/src/cli.ts runs this with DATABASE_URL): the same
 * registry changes as the operator API, made on the database directly, so they work whether or not a site runs.
 *
 *   release <bundle-dir> --manifest-url <url> [--canary <percent>] [--force] [--shell-deps <file>]
 *   sync <bundle-dir>... --manifest-base <url> [--shell-deps <file>]   (npm start: each build live unless already live or canary)
 *   promote <remote> | rollback <remote> [--to <version>]
 */
const [command, ...args] = process.argv.slice(2);
const flags = new Map<string, string>();
const positional: string[] = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i]!;
  if (arg === '--force') flags.set('force', 'true');
  else if (arg.startsWith('--')) flags.set(arg.slice(2), args[(i += 1)] ?? '');
  else positional.push(arg);
}
const flag = (name: string) => flags.get(name);
const actor = `cli:${process.env.RELEASE_ACTOR ?? os.userInfo().username}`;

const shellProvides = () => readShellProvides(flag('shell-deps'));

function describe(result: ChangeResult): string {
  const { pointer } = result;
  const canary = pointer.canary ? `, canary ${pointer.canary.version} for ${pointer.canary.percent}% of visitors` : '';
  return `${pointer.remote}: live ${pointer.live}${canary}${result.changed ? ` (${result.kind})` : ' (unchanged)'}`;
}

async function run(knex: Knex): Promise<void> {
  switch (command) {
    case 'release': {
      const build = readBundle(positional[0]!, flag('manifest-url')!);
      const canary = flag('canary');
      const result = await releaseRemote(knex, {
        build,
        canaryPercent: canary === undefined ? undefined : Number(canary),
        force: flag('force') === 'true',
        actor,
        shellProvides: shellProvides(),
      });
      if (result.kind === 'forced_release')
        console.warn(`${build.remote}: released despite a shared-dependency skew (--force); the audit log records it`);
      console.log(describe(result));
      return;
    }
    case 'sync': {
      const outcomes = await syncBundles(knex, positional, {
        manifestBase: flag('manifest-base')!,
        actor,
        shellProvides: shellProvides(),
        keepReleased: false,
      });
      for (const outcome of outcomes) if (!outcome.skipped) console.log(describe(outcome.result));
      return;
    }
    case 'promote':
      console.log(describe(await promoteRemote(knex, { remote: positional[0]!, actor })));
      return;
    case 'rollback':
      console.log(
        describe(
          await rollbackRemote(knex, { remote: positional[0]!, actor, toVersion: flag('to'), reason: flag('reason') }),
        ),
      );
      return;
    default:
      throw new Error(
        'usage: release-cli.ts release <bundle-dir> --manifest-url <url> [--canary <percent>] [--force] | sync <bundle-dir>... --manifest-base <url> | promote <remote> | rollback <remote> [--to <version>]',
      );
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set');
const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
try {
  await migrateGateway(knex, databaseUrl);
  await run(knex);
} catch (error) {
  // A refusal the operator can act on is said in the catalogue's words, without a stack trace.
  if (error instanceof ReleaseError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await knex.destroy();
}
