import type { BannerBody } from '@sq/contracts/api/content-admin';
import { type KindStore, upsert } from './store';

export const banner: KindStore<BannerBody> = {
  table: 'banner',
  idColumn: 'id',
  order: { groupColumns: ['placement'] },
  listing: {
    id: 'banner.id',
    from: (db) => db('banner').select('alt', 'url', 'published', 'placement'),
    order: [{ column: 'banner.placement', order: 'desc' }, { column: 'banner.sort_order' }, { column: 'banner.id' }],
    texts: [{ column: 'banner.alt' }, { column: 'banner.url' }],
    draftTexts: [['alt'], ['url']],
    row: (r) => ({ title: r.alt || r.url, published: r.published, group: r.placement === 'main' ? '메인' : '헤더' }),
  },
  async read(db, itemId) {
    const r = await db('banner').where({ id: itemId }).first();
    return r
      ? {
          placement: r.placement,
          url: r.url,
          alt: r.alt,
          pcImgUrl: r.pc_img_url,
          pcImgWidth: r.pc_img_width,
          pcImgHeight: r.pc_img_height,
          moImgUrl: r.mo_img_url,
          moImgWidth: r.mo_img_width,
          moImgHeight: r.mo_img_height,
          pcDisplayable: r.pc_displayable,
          moDisplayable: r.mo_displayable,
        }
      : null;
  },
  async write(db, itemId, b) {
    const row = {
      placement: b.placement,
      url: b.url,
      alt: b.alt,
      pc_img_url: b.pcImgUrl,
      pc_img_width: b.pcImgWidth,
      pc_img_height: b.pcImgHeight,
      mo_img_url: b.moImgUrl,
      mo_img_width: b.moImgWidth,
      mo_img_height: b.moImgHeight,
      pc_displayable: b.pcDisplayable,
      mo_displayable: b.moDisplayable,
    };
    await upsert(db, 'banner', 'id', itemId, row, { placement: b.placement });
  },
  title: (b) => b.alt || b.url,
  pagePath: () => '/',
};
