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

/** The shell's own build settings: the analytics collector (unset: analytics sends nothing anywhere). */
const shellEnv = {
  /** @param {import('webpack').Compiler} compiler the running webpack's own DefinePlugin */
  apply(compiler) {
    new compiler.webpack.DefinePlugin({
      'process.env.SQ_ANALYTICS_ENDPOINT': JSON.stringify(process.env.SQ_ANALYTICS_ENDPOINT || ''),
    }).apply(compiler);
  },
};

export default (env, argv) => {
  const configs = host(env, argv);
  return (Array.isArray(configs) ? configs : [configs]).map((config) =>
    config.name === 'federation-runtime' ? config : { ...config, plugins: [...(config.plugins ?? []), shellEnv] },
  );
};
