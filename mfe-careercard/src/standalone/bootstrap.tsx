// Standalone development page (`pnpm --filter @sq/mfe-careercard dev`, port 3002): this remote in the stand-in shell.
import { mountStandalone } from '@sq/standalone';
import type { RouteManifest } from '@sq/contracts/registry';
import manifest from '../routes.json';

mountStandalone({ manifest: manifest as RouteManifest, entries: { app: () => import('../app') }, links: [['/careercard/minji', '커리어 카드 (minji)'], ['/careercard-error', '커리어 카드 오류'], ['/', '홈']] });
