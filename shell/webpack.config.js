import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostConfig, PORTS } from '@sq/mf-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

const host = createHostConfig({
  name: 'shell',
  dir,
  port: PORTS.shell,
  runtimePlugins: ['./src/app/remotes/mf-fallback-plugin.ts'],
});

const shellVersion =
  process.env.SHELL_VERSION || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

/**
 * The shell's own build settings: the analytics collector (unset: analytics sends nothing anywhere) and the
 * version field figures name (SHELL_VERSION; the stack passes the package version and a source hash), also
 * written to shell-version.json: the gateway signs it into each page's assignment, so the shell's own figures
 * count only for the shell it serves (api-gateway rum/shell-version.ts).
 */
const shellEnv = {
  /** @param {import('webpack').Compiler} compiler the running webpack's own DefinePlugin */
  apply(compiler) {
    new compiler.webpack.DefinePlugin({
      'process.env.SQ_ANALYTICS_ENDPOINT': JSON.stringify(process.env.SQ_ANALYTICS_ENDPOINT || ''),
      'process.env.SQ_SHELL_VERSION': JSON.stringify(shellVersion),
    }).apply(compiler);
    compiler.hooks.thisCompilation.tap('ShellVersion', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShellVersion', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'shell-version.json',
            new compiler.webpack.sources.RawSource(JSON.stringify({ version: shellVersion })),
          );
        },
      );
    });
  },
};

export default (env, argv) => {
  const configs = host(env, argv);
  return (Array.isArray(configs) ? configs : [configs]).map((config) =>
    config.name === 'federation-runtime' ? config : { ...config, plugins: [...(config.plugins ?? []), shellEnv] },
  );
};
