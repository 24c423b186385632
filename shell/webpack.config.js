import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostConfig, PORTS } from '@sq/mf-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createHostConfig({
  name: 'shell',
  dir,
  port: PORTS.shell,
  runtimePlugins: ['./src/app/remotes/mf-fallback-plugin.ts'],
});
