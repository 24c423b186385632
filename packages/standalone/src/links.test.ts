import { describe, expect, it } from 'vitest';
import { manifestLinks } from './links';

describe("the stand-alone page's header", () => {
  it("links every one-page route of the manifest by its title, a catch-all's first page included, in manifest order", () => {
    const routes = [
      { path: '/itskillcheckup', title: 'IT 스킬 체크업' },
      { path: '/itskillcheckup/result/:resultId', title: '결과' },
      { path: '/itskilltrends/*', title: 'IT 스킬 트렌드' },
      { path: '/admin/*', title: '운영자 콘솔' },
      { path: '/', title: '홈' },
      { path: '/:product', title: '프로그램' },
      { path: '/:product/recruit/*', title: '모집' },
    ];
    expect(manifestLinks(routes)).toEqual([
      { to: '/itskillcheckup', label: 'IT 스킬 체크업' },
      { to: '/itskilltrends', label: 'IT 스킬 트렌드' },
      { to: '/admin', label: '운영자 콘솔' },
      { to: '/', label: '홈' },
    ]);
  });

  it('links a page once, with the title of its first route', () => {
    expect(
      manifestLinks([
        { path: '/faq', title: 'FAQ' },
        { path: '/faq/*', title: '다른 FAQ' },
      ]),
    ).toEqual([{ to: '/faq', label: 'FAQ' }]);
  });
});
