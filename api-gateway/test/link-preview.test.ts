import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, startUpstreams } from './helpers';

/** Replacement patterns of String.prototype.replace: each would splice page parts into a string replacement. */
const DOLLAR_TITLE = "가격 $` 앞 $' 뒤 $& 자신 $$ $1 끝";
const DOLLAR_SUMMARY = "요약 $'$` 끝";
const SHELL_PAGE =
  '<!doctype html><html><head><meta name="description" content="기본 설명" /><title>사이드퀘스트</title></head><body><div id="root"></div></body></html>';

let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
const content = Fastify();
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(shellDir, 'index.html'), SHELL_PAGE);
  content.get('/api/stories/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (id === '7')
      return {
        ErrorCode: '00',
        story: {
          title: '팀장 없이 <살아남기> & "출시"',
          summary: '14주 동안의 기록',
          cover: { url: '/media/content/story-07.svg' },
        },
      };
    if (id === '9') return { ErrorCode: '00', story: { title: DOLLAR_TITLE, summary: DOLLAR_SUMMARY, cover: null } };
    return reply.status(404).send({ ErrorCode: '44', message: '요청하신 정보를 찾을 수 없습니다.' });
  });
  content.get('/api/itskill/results/:key', async () => ({
    ErrorCode: '00',
    result: {
      shareKey: 'k',
      surveyTitle: 'IT 스킬 체크업',
      completedDate: '2026-11-20',
      totalScore: 70,
      areas: [
        { code: 'PLAN', name: '기획', score: 7, maxScore: 10, level: 3 },
        { code: 'FE', name: '프론트엔드', score: 5, maxScore: 10, level: 2 },
      ],
    },
  }));
  // Program pages: the intro operators published (content), else the catalogue (programs).
  content.get('/api/program-intros/:key', async (request) => {
    const { key } = request.params as { key: string };
    if (key !== 'bside') return { ErrorCode: '00', intro: null };
    return {
      ErrorCode: '00',
      intro: {
        productId: 1,
        productSlug: 'bside',
        productName: '14주 팀 프로젝트',
        summary: '운영자가 고친 소개 문구',
        hero: { url: '/media/content/program-bside.svg', width: 1200, height: 600, alt: '소개 이미지' },
        sections: [],
        images: [],
      },
    };
  });
  content.get('/api/products/:key', async () => ({
    ErrorCode: '00',
    product: { name: '10일 팀 스프린트', summary: '카탈로그의 소개 문구' },
  }));
  upstreams = await startUpstreams();
  const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
  // The same stand-in answers for itskill's shared results and the programs' catalogue.
  gateway = await startGateway(
    { ...upstreams.urls, content: contentUrl, itskill: contentUrl, programs: contentUrl },
    { shellDir },
  );
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  await content.close();
  fs.rmSync(shellDir, { recursive: true, force: true });
});

describe('link previews', () => {
  it('puts the story title, description and image into the page HTML, escaped', async () => {
    const response = await gateway.app.inject({ url: '/story/detail/7', headers: { host: 'site.example.com' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<meta property="og:title" content="팀장 없이 &lt;살아남기&gt; &amp; &quot;출시&quot;" />');
    expect(html).toContain('<meta property="og:description" content="14주 동안의 기록" />');
    expect(html).toContain('<meta property="og:image" content="http://site.example.com/media/content/story-07.svg" />');
    expect(html).toContain('<title>팀장 없이 &lt;살아남기&gt; &amp; &quot;출시&quot; | 사이드퀘스트</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<살아남기>');
  });

  it("inserts titles with replacement patterns ($`, $', $&) literally, splicing nothing of the page", async () => {
    const html = (await gateway.app.inject({ url: '/story/detail/9' })).body;
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(html).toContain(`<title>${escaped(DOLLAR_TITLE)} | 사이드퀘스트</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped(DOLLAR_TITLE)}" />`);
    expect(html).toContain(`<meta name="description" content="${escaped(DOLLAR_SUMMARY)}" />`);
    // The page is the shell page plus the tags, nothing more: every part of it appears once.
    for (const part of [
      '<!doctype html>',
      '<head>',
      '</head>',
      '<body>',
      '<div id="root"></div>',
      '</html>',
      '<title>',
    ]) {
      expect(html.split(part), part).toHaveLength(2);
    }
  });

  it("describes a program page by the intro operators published, else by the programs' catalogue", async () => {
    const intro = (await gateway.app.inject({ url: '/bside', headers: { host: 'site.example.com' } })).body;
    expect(intro).toContain('<meta property="og:title" content="14주 팀 프로젝트" />');
    expect(intro).toContain('<meta property="og:description" content="운영자가 고친 소개 문구" />');
    expect(intro).toContain(
      '<meta property="og:image" content="http://site.example.com/media/content/program-bside.svg" />',
    );
    const catalogue = (await gateway.app.inject({ url: '/potenday' })).body;
    expect(catalogue).toContain('<meta property="og:title" content="10일 팀 스프린트" />');
    expect(catalogue).toContain('<meta property="og:description" content="카탈로그의 소개 문구" />');
    expect(catalogue).not.toContain('og:image');
  });

  it('describes a shared skill check-up result by its levels', async () => {
    const html = (await gateway.app.inject({ url: '/itskillcheckup/result/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' }))
      .body;
    expect(html).toContain('<meta property="og:title" content="IT 스킬 체크업 결과" />');
    expect(html).toContain('<meta property="og:description" content="기획 Lv.3 · 프론트엔드 Lv.2" />');
  });

  it('serves the plain shell when the page has no preview or the record is unknown', async () => {
    for (const url of ['/story/detail/8', '/faq', '/story/detail/abc']) {
      const response = await gateway.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('og:title');
      expect(response.body, url).toContain('<title>사이드퀘스트</title>');
    }
  });
});
