import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig, PORTS } from '@sq/mf-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

// Exposes './app' (single-spa lifecycles); `pnpm --filter @sq/mfe-mypage dev` also serves the standalone page.
export default createRemoteConfig({ name: 'mfe_mypage', dir, port: PORTS['mfe-mypage'] });
