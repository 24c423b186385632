import type { SiteSettings } from '@sq/contracts';

/** The site's name and outside links are configuration, so a rebrand is a deploy, not a code change. */
export function readSiteSettings(env: NodeJS.ProcessEnv = process.env): SiteSettings {
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
