import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { GnbBanner, GnbMenuItem, MainBanner } from '@sq/contracts';

export function createNavigationRepository(knex: Knex) {
  return {
    async menu(): Promise<GnbMenuItem[]> {
      const items = await knex('gnb_menu').where({ published: true }).orderBy('sort_order');
      const subs = await knex('gnb_submenu').orderBy(['menu_id', 'sort_order']);
      return items.map((item) => {
        const subMenu = subs
          .filter((sub) => sub.menu_id === item.id)
          .map((sub) => ({
            subTitle: sub.sub_title,
            url: sub.url,
            badge: sub.badge_path ? { path: sub.badge_path } : null,
          }));
        return {
          type: item.type,
          title: item.title,
          url: item.url,
          clickable: item.clickable,
          hasSubmenu: subMenu.length > 0,
          subMenu,
        };
      });
    },
    async banners(placement: 'gnb' | 'main'): Promise<GnbBanner[]> {
      const rows = await knex('banner')
        .where({ placement, published: true })
        .orderBy([{ column: 'sort_order' }, { column: 'id' }]);
      return rows.map((row) => ({
        url: row.url,
        pcImgUrl: row.pc_img_url,
        moImgUrl: row.mo_img_url,
        pcDisplayable: row.pc_displayable,
        moDisplayable: row.mo_displayable,
      }));
    },
    /** Main-page banners with their image sizes and alternative text. */
    async mainBanners(): Promise<MainBanner[]> {
      const rows = await knex('banner')
        .where({ placement: 'main', published: true })
        .orderBy([{ column: 'sort_order' }, { column: 'id' }]);
      return rows.map((row) => ({
        url: row.url,
        pcImgUrl: row.pc_img_url,
        moImgUrl: row.mo_img_url,
        pcDisplayable: row.pc_displayable,
        moDisplayable: row.mo_displayable,
        alt: row.alt,
        pcImgWidth: row.pc_img_width,
        pcImgHeight: row.pc_img_height,
        moImgWidth: row.mo_img_width,
        moImgHeight: row.mo_img_height,
      }));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    navigationRepository: ReturnType<typeof createNavigationRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('navigationRepository', createNavigationRepository(app.knex));
  },
  { name: 'navigation-repository', dependencies: ['knex'] },
);
