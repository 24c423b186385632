import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@sq/mf-config';

// Name, dev port and exposed entries come from the one list of remotes (@sq/contracts/remotes.json);
// `pnpm --filter <this remote> dev` also serves the standalone page.
export default createRemoteConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) });
