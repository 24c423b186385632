import { describe, expect, it } from 'vitest';
import { menuBodySchema } from './api/content-admin';
import { OPERATOR_MESSAGES } from './messages/operators';
import { sitePath } from './site-path';

const LEAVING = [
  '/\\evil.example/x',
  '/\\/evil.example',
  '//evil.example',
  '/\t/evil.example',
  '/x\u0000y',
  '/a b',
  'https://evil.example',
  'javascript:alert(1)',
  '',
];

describe('a path inside the site', () => {
  it('keeps paths that stay on the site, as written', () => {
    for (const path of ['/', '/story', '/product/4?tab=faq#apply', '/a/../b']) expect(sitePath(path)).toBe(path);
  });

  it('refuses what a browser would take to another host, backslashes and control characters', () => {
    for (const path of LEAVING) expect(sitePath(path), JSON.stringify(path)).toBeNull();
  });
});

describe('the CMS menu link rule', () => {
  const entry = (url: string) => ({
    type: 'MAIN',
    title: '메뉴',
    url,
    clickable: true,
    subMenu: [{ subTitle: '하위', url, badgePath: null }],
  });

  it('refuses an internal link that leaves the site, in the entry and in its sub-menu', () => {
    for (const url of ['/\\evil.example/x', '/\\/evil.example', '/x\u0007y']) {
      const parsed = menuBodySchema.safeParse(entry(url));
      expect(parsed.success, url).toBe(false);
      expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
        'url',
        OPERATOR_MESSAGES.contentLinkInvalid,
      ]);
      expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toContain('subMenu.0.url');
    }
  });

  it('takes internal paths and https links', () => {
    for (const url of ['/story', '/product/4?tab=faq', 'https://example.kr/x'])
      expect(menuBodySchema.safeParse(entry(url)).success, url).toBe(true);
  });
});
