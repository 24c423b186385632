import fs from 'node:fs';
import path from 'node:path';
import type { MainPageResponse } from '@sq/contracts';
import { FIRST_CONTENT_ID } from '@sq/contracts/first-content';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A baseline page, published next to the bundles so the same gateway serves it; its URL on the site. */
function publish(siteUrl: string, cdnDir: string, name: string, html: string): string {
  const dir = path.join(cdnDir, 'bundles', 'bench-static');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), html);
  return `${siteUrl}/bundles/bench-static/${name}`;
}

/**
 * The home page exactly as the gateway serves it (its server-rendered first content, header frame and
 * inlined stylesheets) with its scripts, their preloads and their data blocks taken out: the same content
 * and the same look as static HTML. The baseline of the issue's target: what the page costs beyond its own
 * markup and styles. Its inline styles are the page's, allowed there by the page's CSP; the bench opens this
 * copy with CSP bypassed, as the site serves files under /bundles/ with no inline style allowed.
 */
export async function publishStaticPage(siteUrl: string, cdnDir: string): Promise<string> {
  // The first request after a start may miss the first content's time limit: ask until the page has it.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const html = await (await fetch(`${siteUrl}/`)).text();
    if (html.includes(`id="${FIRST_CONTENT_ID}"`)) {
      const still = html
        .replace(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/gi, '')
        .replace(/<link\b[^>]*\brel="preload"[^>]*>/gi, '');
      return publish(siteUrl, cdnDir, 'home-page.html', still);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the home page was never served with its first content');
}

/**
 * The home page's words and images as a minimal hand-written HTML file (no script, one small stylesheet,
 * no header frame): a reference next to the target's baseline, also opened with CSP bypassed.
 */
export async function publishStaticHome(siteUrl: string, cdnDir: string): Promise<string> {
  const { mainPage } = (await (await fetch(`${siteUrl}/api/open/main-page`)).json()) as MainPageResponse;
  const banner = mainPage.banners[0];
  const sections = [
    banner
      ? `<a href="${escape(banner.url)}"><img src="${escape(banner.pcImgUrl)}" width="${banner.pcImgWidth ?? 1200}" height="${banner.pcImgHeight ?? 360}" alt="${escape(banner.alt)}" style="width:100%;height:auto;border-radius:24px"></a>`
      : '',
    '<h2>프로그램</h2>',
    ...(mainPage.programs ?? []).map(
      (p) =>
        `<article><h3>${escape(p.name)}</h3><p>${escape(p.summary)}</p><p>참가비 ${p.feeKrw.toLocaleString('ko-KR')}원</p><ul>${p.cohorts
          .slice(0, 3)
          .map((c) => `<li>${escape(c.name)} · ${escape(c.statusName)}</li>`)
          .join('')}</ul></article>`,
    ),
    '<h2>지난 프로젝트</h2>',
    ...mainPage.featuredProjects.map(
      (p) =>
        `<article><img src="${escape(p.thumbnail.url)}" width="${p.thumbnail.width}" height="${p.thumbnail.height}" alt="${escape(p.thumbnail.alt)}" loading="lazy"><h3>${escape(p.title)}</h3><p>${escape(p.summary)}</p></article>`,
    ),
    '<h2>참가 후기</h2>',
    ...mainPage.featuredStories.map((s) => `<article><h3>${escape(s.title)}</h3><p>${escape(s.summary)}</p></article>`),
  ];
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>홈 (정적 비교용)</title><style>body{font-family:'Noto Sans KR',sans-serif;max-width:1168px;margin:0 auto;padding:24px}img{max-width:100%;height:auto}article{margin:16px 0}</style></head><body><header><strong>사이드퀘스트</strong></header><main>${sections.join('\n')}</main></body></html>`;
  return publish(siteUrl, cdnDir, 'home.html', html);
}
