// Standalone development page (`pnpm --filter @sq/mfe-itskill dev`, port 3003): this remote in the stand-in shell.
import { mountStandalone } from '@sq/standalone';
import type { RouteManifest } from '@sq/contracts/registry';
import manifest from '../routes.json';

mountStandalone({ manifest: manifest as RouteManifest, entries: { app: () => import('../app') }, links: [['/itskillcheckup', 'IT 스킬 체크업'], ['/itskilltrends', 'IT 스킬 트렌드'], ['/', '홈']] });
