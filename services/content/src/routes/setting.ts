import type { FastifyPluginAsync } from 'fastify';
import { ok, type GnbResponse, type SiteSettingsResponse } from '@sq/contracts';
import { readSiteSettings } from '../site-settings';

const settingRoutes: FastifyPluginAsync = async (app) => {
  const site = readSiteSettings();

  app.get('/api/setting/gnb', { schema: { tags: ['setting'], summary: '헤더 메뉴와 배너' } }, async (): Promise<GnbResponse> => {
    const [menu, banners] = await Promise.all([app.navigationRepository.menu(), app.navigationRepository.banners('gnb')]);
    return ok({ gnb: { menu, banners } });
  });

  app.get('/api/setting/site', { schema: { tags: ['setting'], summary: '사이트 이름, 채팅 채널, 회사 정보' } }, async (): Promise<SiteSettingsResponse> =>
    ok({ site }),
  );
};

export default settingRoutes;
