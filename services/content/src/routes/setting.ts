import type { FastifyPluginAsync } from 'fastify';
import { ok, type GnbResponse, type SiteSettingsResponse } from '@sq/contracts';
import { previewQuery, withPreview } from '../repositories/cms/preview';
import { createNavigationRepository } from '../repositories/navigation-repository';

const settingRoutes: FastifyPluginAsync = async (app) => {
  const { site } = app.contentConfig;

  app.get<{ Querystring: { preview?: string } }>(
    '/api/setting/gnb',
    { schema: { tags: ['setting'], summary: '헤더 메뉴와 배너', querystring: previewQuery } },
    async (request): Promise<GnbResponse> => {
      const gnb = await withPreview(app, request, async (db) => {
        const navigation = createNavigationRepository(db);
        const [menu, banners] = await Promise.all([navigation.menu(), navigation.banners('gnb')]);
        return { menu, banners };
      });
      return ok({ gnb });
    },
  );

  // The operators' settings over the configuration's; the site's name stays configuration.
  app.get<{ Querystring: { preview?: string } }>(
    '/api/setting/site',
    { schema: { tags: ['setting'], summary: '사이트 이름, 채팅 채널, 회사 정보', querystring: previewQuery } },
    async (request): Promise<SiteSettingsResponse> => {
      const row = await withPreview(app, request, (db) =>
        db('site_setting').where({ published: true }).orderBy('setting_id').first(),
      );
      return ok({
        site: row ? { siteName: site.siteName, chatUrl: row.chat_url, social: row.social, company: row.company } : site,
      });
    },
  );
};

export default settingRoutes;
