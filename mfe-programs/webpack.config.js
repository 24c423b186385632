import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig, PORTS } from '@sq/mf-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

// Exposes './app' (single-spa lifecycles); `pnpm --filter @sq/mfe-programs dev` also serves the standalone page.
// firstContent: the home page's server-rendered first paint (src/first-content.tsx, @sq/contracts/first-content).
export default createRemoteConfig({ name: 'mfe_programs', dir, port: PORTS['mfe-programs'], firstContent: './src/first-content.tsx' });
