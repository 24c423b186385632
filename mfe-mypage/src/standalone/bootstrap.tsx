// Standalone development page (`pnpm --filter @sq/mfe-mypage dev`, port 3004): this remote in the stand-in shell.
import { mountStandalone } from '@sq/standalone';
import type { RouteManifest } from '@sq/contracts/registry';
import manifest from '../routes.json';
import * as app from '../app';

mountStandalone({ manifest: manifest as RouteManifest, app, links: [['/mypage', '마이페이지'], ['/mypage/history', '지원 내역'], ['/', '홈']] });
