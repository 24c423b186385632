import type { MenuBody } from '@sq/contracts/api/content-admin';
import { type KindStore, upsert } from './store';

const MENU_TYPE_NAMES: Record<MenuBody['type'], string> = {
  MAIN: '주 메뉴',
  SUB: '보조 메뉴',
  OUTLINK: '바깥 링크',
  SEPARATOR: '구분선',
};

export const menu: KindStore<MenuBody> = {
  table: 'gnb_menu',
  idColumn: 'id',
  order: { groupColumns: [] },
  listing: {
    id: 'gnb_menu.id',
    from: (db) => db('gnb_menu').select('title', 'published'),
    order: [{ column: 'gnb_menu.sort_order' }, { column: 'gnb_menu.id' }],
    texts: [{ column: 'gnb_menu.title' }, { column: 'gnb_menu.url' }],
    childTexts: [{ table: 'gnb_submenu', foreignKey: 'menu_id', texts: [{ column: 'sub_title' }, { column: 'url' }] }],
    draftTexts: [['title'], ['url'], ['subMenu']],
    row: (r) => ({ title: r.title || MENU_TYPE_NAMES.SEPARATOR, published: r.published, group: null }),
  },
  async read(db, itemId) {
    const r = await db('gnb_menu').where({ id: itemId }).first();
    if (!r) return null;
    const subs = await db('gnb_submenu').where({ menu_id: itemId }).orderBy('sort_order');
    return {
      type: r.type,
      title: r.title,
      url: r.url,
      clickable: r.clickable,
      subMenu: subs.map((s) => ({ subTitle: s.sub_title, url: s.url, badgePath: s.badge_path })),
    };
  },
  async write(db, itemId, b) {
    await upsert(
      db,
      'gnb_menu',
      'id',
      itemId,
      { type: b.type, title: b.title, url: b.url, clickable: b.clickable },
      {},
    );
    await db('gnb_submenu').where({ menu_id: itemId }).delete();
    if (b.subMenu.length > 0) {
      await db('gnb_submenu').insert(
        b.subMenu.map((s, i) => ({
          menu_id: itemId,
          sort_order: i + 1,
          sub_title: s.subTitle,
          url: s.url,
          badge_path: s.badgePath,
        })),
      );
    }
  },
  title: (b) => b.title || MENU_TYPE_NAMES.SEPARATOR,
  pagePath: () => '/',
};
