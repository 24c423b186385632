import fp from 'fastify-plugin';
import type { SiteSettings } from '@sq/contracts';
import { readInternalCallConfig, serviceUrl, type InternalCallConfig } from '@sq/service-kit';

/**
 * The content service's settings (environment, documented in README.md), read once when the app is built: no
 * other file of the service reads the environment.
 */
export interface ContentConfig {
  /** The site's name and outside links: a rebrand is a deploy, not a code change. */
  site: SiteSettings;
  /** The programs service: products and refund rules shown on the main page, the FAQ and the terms. */
  programsUrl: string;
  programsTimeoutMs: number;
  /**
   * Items per page of the console's content lists (`CONTENT_ADMIN_PAGE_SIZE`, default 20): a screen of rows an
   * operator scans without scrolling far; hundreds of stories come a page at a time.
   */
  adminPageSize: number;
  /** Entries per page of the console's content change history (`CONTENT_AUDIT_PAGE_SIZE`, default 50). */
  auditPageSize: number;
  /** Retries and backoff of every call to another service (service-kit's internal client). */
  internalCalls: InternalCallConfig;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer (got ${value}).`);
  return parsed;
}

export function readSiteSettings(env: NodeJS.ProcessEnv): SiteSettings {
  return {
    siteName: env.SITE_NAME ?? '사이드퀘스트',
    chatUrl: env.CHAT_CHANNEL_URL ?? 'https://chat.example.com/sidequest',
    social: [
      { name: 'instagram', url: env.SOCIAL_INSTAGRAM_URL ?? 'https://instagram.com/example' },
      { name: 'youtube', url: env.SOCIAL_YOUTUBE_URL ?? 'https://youtube.com/@example' },
      { name: 'blog', url: env.SOCIAL_BLOG_URL ?? 'https://blog.example.com' },
    ],
    company: {
      name: env.COMPANY_NAME ?? '주식회사 사이드퀘스트',
      ceo: env.COMPANY_CEO ?? '홍길동',
      businessNumber: env.COMPANY_BUSINESS_NUMBER ?? '000-00-00000',
      address: env.COMPANY_ADDRESS ?? '서울특별시 성동구 성수이로 00, 0층',
      email: env.COMPANY_EMAIL ?? 'help@example.com',
    },
  };
}

export function readContentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  return {
    site: readSiteSettings(env),
    programsUrl: serviceUrl('programs', env),
    programsTimeoutMs: positiveInt('PROGRAMS_TIMEOUT_MS', env.PROGRAMS_TIMEOUT_MS, 3_000),
    adminPageSize: positiveInt('CONTENT_ADMIN_PAGE_SIZE', env.CONTENT_ADMIN_PAGE_SIZE, 20),
    auditPageSize: positiveInt('CONTENT_AUDIT_PAGE_SIZE', env.CONTENT_AUDIT_PAGE_SIZE, 50),
    internalCalls: readInternalCallConfig(env),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    contentConfig: ContentConfig;
  }
}

/** Read when the app is built (tests set the environment first), then only passed around as `app.contentConfig`. */
export const contentConfigPlugin = fp(
  async (app) => {
    app.decorate('contentConfig', readContentConfig());
  },
  { name: 'content-config' },
);
