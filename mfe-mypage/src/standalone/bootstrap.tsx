// Standalone development page (`pnpm --filter @sq/mfe-mypage dev`, port 3004): this remote in the stand-in shell.
import { mountStandalone } from '@sq/standalone';
import type { RouteManifest } from '@sq/contracts/registry';
import manifest from '../routes.json';

mountStandalone({ manifest: manifest as RouteManifest, entries: { app: () => import('../app') }, links: [['/mypage', '마이페이지'], ['/mypage/history', '지원 내역'], ['/', '홈']] });
