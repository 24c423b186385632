import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@sq/mf-config';

// Name, dev port and exposed entries ('./app', and './admin': the operators' console, loaded only on /admin/*)
// come from the one list of remotes (@sq/contracts/remotes.json); `pnpm --filter @sq/mfe-programs dev` also
// serves the standalone page. firstContent: the home page's server-rendered first paint
// (src/first-content.tsx, @sq/contracts/first-content).
export default createRemoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  firstContent: './src/first-content.tsx',
});
