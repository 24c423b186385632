// Standalone development page (`pnpm --filter @sq/mfe-programs dev`, port 3001): this remote in the stand-in shell.
import { mountStandalone } from '@sq/standalone';
import type { RouteManifest } from '@sq/contracts/registry';
import manifest from '../routes.json';

mountStandalone({ manifest: manifest as RouteManifest, entries: { app: () => import('../app'), admin: () => import('../admin') }, links: [['/', '홈'], ['/bside', '14주'], ['/potenday', '스프린트'], ['/planx', '플래너'], ['/projects', '프로젝트'], ['/story', '후기'], ['/faq', 'FAQ']] });
