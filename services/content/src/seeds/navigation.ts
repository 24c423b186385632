import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';

const MENU = [
  {
    type: 'MAIN',
    title: '프로그램',
    url: '/bside',
    sub: [
      { subTitle: '14주 팀 프로젝트', url: '/bside', badge: '/media/content/badge-recruiting.svg' },
      { subTitle: '10일 팀 스프린트', url: '/potenday', badge: null },
      { subTitle: '플래너 코스', url: '/planx', badge: null },
    ],
  },
  { type: 'MAIN', title: '지난 프로젝트', url: '/projects', sub: [] },
  { type: 'MAIN', title: '참가 후기', url: '/story', sub: [] },
  { type: 'SEPARATOR', title: '', url: '', sub: [] },
  { type: 'SUB', title: '커리어 카드', url: '/careercard', sub: [] },
  { type: 'SUB', title: 'IT 스킬 체크업', url: '/itskillcheckup', sub: [] },
  { type: 'SUB', title: 'IT 스킬 트렌드', url: '/itskilltrends', sub: [] },
  { type: 'SUB', title: '자주 묻는 질문', url: '/faq', sub: [] },
  { type: 'OUTLINK', title: '운영 블로그', url: 'https://blog.example.com', sub: [] },
] as const;

export async function seedNavigation(knex: Knex): Promise<void> {
  if ((await countRows(knex('gnb_menu'))) > 0) return;
  for (const [index, item] of MENU.entries()) {
    const [row] = await knex('gnb_menu')
      .insert({
        sort_order: index,
        type: item.type,
        title: item.title,
        url: item.url,
        clickable: item.type !== 'SEPARATOR',
      })
      .returning('id');
    for (const [subIndex, sub] of item.sub.entries()) {
      await knex('gnb_submenu').insert({
        menu_id: row.id,
        sort_order: subIndex,
        sub_title: sub.subTitle,
        url: sub.url,
        badge_path: sub.badge,
      });
    }
  }
  await knex('banner').insert(BANNERS);
}

const BANNERS = [
  {
    placement: 'gnb',
    sort_order: 0,
    url: '/bside',
    pc_img_url: '/media/content/banner-gnb-pc.svg',
    mo_img_url: '/media/content/banner-gnb-mo.svg',
    pc_displayable: true,
    mo_displayable: true,
    alt: '14주 팀 프로젝트 모집 안내',
    pc_img_width: 560,
    pc_img_height: 160,
    mo_img_width: 560,
    mo_img_height: 160,
  },
  {
    placement: 'main',
    sort_order: 0,
    url: '/bside',
    pc_img_url: '/media/content/banner-main-pc.svg',
    mo_img_url: '/media/content/banner-main-mo.svg',
    pc_displayable: true,
    mo_displayable: true,
    alt: '14주 팀 프로젝트 12기 모집 중',
    pc_img_width: 1200,
    pc_img_height: 360,
    mo_img_width: 750,
    mo_img_height: 600,
  },
  {
    placement: 'main',
    sort_order: 1,
    url: '/potenday',
    pc_img_url: '/media/content/banner-sprint-pc.svg',
    mo_img_url: '/media/content/banner-sprint-mo.svg',
    pc_displayable: true,
    mo_displayable: false,
    alt: '10일 팀 스프린트 안내',
    pc_img_width: 1200,
    pc_img_height: 360,
    mo_img_width: 750,
    mo_img_height: 600,
  },
];

/** Sizes and texts for banners seeded before they had them (databases kept between runs). */
export async function backfillBanners(knex: Knex): Promise<void> {
  for (const banner of BANNERS) {
    const { pc_img_width, pc_img_height, mo_img_width, mo_img_height, alt } = banner;
    await knex('banner')
      .where({ placement: banner.placement, pc_img_url: banner.pc_img_url, mo_img_url: banner.mo_img_url, alt: '' })
      .whereNull('pc_img_width')
      .update({ alt, pc_img_width, pc_img_height, mo_img_width, mo_img_height });
  }
}
