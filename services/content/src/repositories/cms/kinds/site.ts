import type { SiteBody } from '@sq/contracts/api/content-admin';
import { type KindStore, upsert } from './store';

export const site: KindStore<SiteBody> = {
  table: 'site_setting',
  idColumn: 'setting_id',
  order: null,
  listing: {
    id: 'site_setting.setting_id',
    from: (db) => db('site_setting').select('company', 'published'),
    order: [{ column: 'site_setting.setting_id' }],
    texts: [{ column: 'site_setting.company' }, { column: 'site_setting.chat_url' }],
    draftTexts: [['company'], ['chatUrl']],
    row: (r) => ({ title: r.company.name, published: r.published, group: null }),
  },
  async read(db, itemId) {
    const r = await db('site_setting').where({ setting_id: itemId }).first();
    return r ? { chatUrl: r.chat_url, social: r.social, company: r.company } : null;
  },
  async write(db, itemId, b) {
    await upsert(
      db,
      'site_setting',
      'setting_id',
      itemId,
      { chat_url: b.chatUrl, social: JSON.stringify(b.social), company: JSON.stringify(b.company) },
      null,
    );
  },
  title: (b) => b.company.name,
  pagePath: () => '/',
};
