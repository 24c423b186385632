import { describe, expect, it } from 'vitest';
import { legalBodySchema, menuBodySchema, siteBodySchema } from '@sq/contracts/api/content-admin';
import { contentBody, contentValues, formErrors, previewUrl } from './content-form';

const context = { products: [{ productId: 1, slug: 'bside', name: '14주 팀 프로젝트' }], categories: [] };

describe('content editor text', () => {
  it('writes legal sections as ## titles with the refund marker, and reads them back to the same body', () => {
    const body = {
      kind: 'terms',
      version: 3,
      title: '이용약관',
      effectiveDate: '2027-01-01',
      sections: [
        { heading: '제1조 (목적)', paragraphs: ['첫 문단', '둘째 문단'], refundProductId: null },
        { heading: '제9조 (환불)', paragraphs: ['환불은 아래와 같아요.'], refundProductId: 1 },
      ],
    };
    const values = contentValues('legal', body);
    expect(values.sections).toBe(
      '## 제1조 (목적)\n\n첫 문단\n\n둘째 문단\n\n## 제9조 (환불) [환불:1]\n\n환불은 아래와 같아요.',
    );
    expect(values.version).toBe('3');
    const back = contentBody('legal', values, body, context);
    expect(back).toEqual(body);
    expect(legalBodySchema.safeParse(back).success).toBe(true);
  });

  it('gives text before the first ## line of a legal text an empty title, so its message says a title is needed', () => {
    const values = {
      ...contentValues('legal', { kind: 'terms', sections: [] }),
      version: '1',
      title: '약관',
      effectiveDate: '2027-01-01',
      sections: '제목 없는 문단',
    };
    const parsed = legalBodySchema.safeParse(contentBody('legal', values, {}, context));
    expect(parsed.success).toBe(false);
    expect(
      formErrors('legal', Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join('.'), i.message]))),
    ).toHaveProperty('sections');
  });

  it('reads sub-menus and social links one a line, an empty optional column as null', () => {
    const values = {
      ...contentValues('menu', { type: 'MAIN', clickable: true, subMenu: [] }),
      title: '프로그램',
      url: '/bside',
      subMenu: '14주 팀 프로젝트 | /bside | /media/content/badge-recruiting.svg\n\n10일 팀 스프린트 | /potenday',
    };
    const menu = contentBody('menu', values, {}, context) as { subMenu: unknown };
    expect(menu.subMenu).toEqual([
      { subTitle: '14주 팀 프로젝트', url: '/bside', badgePath: '/media/content/badge-recruiting.svg' },
      { subTitle: '10일 팀 스프린트', url: '/potenday', badgePath: null },
    ]);
    expect(menuBodySchema.safeParse(menu).success).toBe(true);
    expect(contentValues('menu', menu).subMenu).toBe(
      '14주 팀 프로젝트 | /bside | /media/content/badge-recruiting.svg\n10일 팀 스프린트 | /potenday',
    );

    const site = {
      chatUrl: 'https://chat.example.com',
      social: [{ name: 'blog', url: 'https://blog.example.com' }],
      company: {
        name: '회사',
        ceo: '대표',
        businessNumber: '123-45-67890',
        address: '서울',
        email: 'help@example.com',
      },
    };
    const siteValues = contentValues('site', site);
    expect(siteValues['company.businessNumber']).toBe('123-45-67890');
    expect(contentBody('site', siteValues, site, context)).toEqual(site);
    expect(siteBodySchema.safeParse(site).success).toBe(true);
  });

  it('puts a nested message under its field and keeps the program of a story by name and slug', () => {
    expect(
      formErrors('story', { 'sections.1.paragraphs.0': 'a', 'cover.url': 'b', productSlug: 'c', other: 'd' }),
    ).toEqual({ sections: 'a', 'cover.url': 'b', productId: 'c', _: 'd' });
    const story = contentBody('story', { ...contentValues('story', {}), productId: '1' }, {}, context);
    expect(story).toMatchObject({ productId: 1, productSlug: 'bside', productName: '14주 팀 프로젝트' });
    expect(previewUrl('/story/detail/3', 'tok')).toBe('/story/detail/3?preview=tok');
    expect(previewUrl('/faq?category=general', 'tok')).toBe('/faq?category=general&preview=tok');
  });
});
