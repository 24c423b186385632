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

/**
 * The shell's own build settings: the analytics collector (unset: analytics sends nothing anywhere) and the
 * version field figures name (SHELL_VERSION; the stack passes the package version and a source hash).
 */
const shellEnv = {
  /** @param {import('webpack').Compiler} compiler the running webpack's own DefinePlugin */
  apply(compiler) {
    new compiler.webpack.DefinePlugin({
      'process.env.SQ_ANALYTICS_ENDPOINT': JSON.stringify(process.env.SQ_ANALYTICS_ENDPOINT || ''),
      'process.env.SQ_SHELL_VERSION': JSON.stringify(process.env.SHELL_VERSION || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version),
    }).apply(compiler);
  },
};

export default (env, argv) => {
  const configs = host(env, argv);
  return (Array.isArray(configs) ? configs : [configs]).map((config) =>
    config.name === 'federation-runtime' ? config : { ...config, plugins: [...(config.plugins ?? []), shellEnv] },
  );
};
