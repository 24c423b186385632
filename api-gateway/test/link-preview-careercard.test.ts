import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { careercardService } from '../../services/careercard/src/service';
import { startGateway, startUpstreams } from './helpers';

/**
 * Link previews of the career card pages, with the real careercard service (its seeded demo cards) behind
 * the gateway: what a messenger's crawler reads from the HTML of /careercard/{profileId} and
 * /careercard/project/{projectId}.
 */
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let careercard: TestService;
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="기본 설명" /><title>사이드퀘스트</title></head><body><div id="root"></div></body></html>',
  );
  process.env.UPLOAD_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sq-gateway-uploads-'));
  careercard = await build(careercardService);
  await careercard.app.listen({ port: 0, host: '127.0.0.1' });
  upstreams = await startUpstreams();
  gateway = await startGateway({ ...upstreams.urls, careercard: `http://127.0.0.1:${(careercard.app.server.address() as AddressInfo).port}` }, { shellDir });
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  await careercard?.close();
  fs.rmSync(shellDir, { recursive: true, force: true });
});

const page = async (url: string) => (await gateway.app.inject({ url, headers: { host: 'site.example.com' } })).body;
const meta = (html: string, property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`))?.[1] ?? null;
const project = (title: string) => careercard.app.knex('profile_project').where({ profile_id: 'minji', title }).first();

describe('career card link previews', () => {
  it('name a project page by its title and member, with its role, period and first image', async () => {
    const recipe = await project('한입레시피');
    const html = await page(`/careercard/project/${recipe.project_id}`);
    expect(meta(html, 'og:title')).toBe('한입레시피 · 민지님의 프로젝트');
    expect(meta(html, 'og:description')).toMatch(/^서비스 기획 · 2026\.05\.11 ~ 2026\.05\.20/);
    expect(html).toContain('<title>한입레시피 · 민지님의 프로젝트 | 사이드퀘스트</title>');
    expect(meta(html, 'og:url')).toBe(`http://site.example.com/careercard/project/${recipe.project_id}`);
    expect(meta(html, 'og:image')).toBeNull();
    expect(meta(html, 'twitter:card')).toBe('summary');

    const imgId = '0b6f2c1e-8a4d-4e2f-9c3b-5d7e9f1a2b3c';
    await careercard.app.knex('profile_project').where({ project_id: recipe.project_id }).update({ img_ids: JSON.stringify([imgId]) });
    const withImage = await page(`/careercard/project/${recipe.project_id}/`);
    expect(meta(withImage, 'og:image')).toBe(`http://site.example.com/media/uploads/${imgId}`);
    expect(meta(withImage, 'twitter:card')).toBe('summary_large_image');
  });

  it('escape what the member wrote', async () => {
    const own = await project('사내 정산 어드민 개편');
    await careercard.app.knex('profile_project').where({ project_id: own.project_id }).update({ title: '<script>alert(1)</script> & "정산"' });
    const html = await page(`/careercard/project/${own.project_id}`);
    expect(meta(html, 'og:title')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;정산&quot; · 민지님의 프로젝트');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('name the career card page by its member', async () => {
    expect(meta(await page('/careercard/minji'), 'og:title')).toBe('민지님의 커리어 카드');
    expect(meta(await page('/careercard/MinJi/'), 'og:description')).toMatch(/^기획 · 서비스 기획 · /);
  });

  it('leave unknown, malformed and private projects plain', async () => {
    const english = await project('출근길 영어');
    await careercard.app.knex('profile').where({ profile_id: 'minji' }).update({ is_public: false });
    try {
      for (const url of ['/careercard/project/999999', '/careercard/project/abc', '/careercard/project', `/careercard/project/${english.project_id}`, '/careercard/minji']) {
        const html = await page(url);
        expect(meta(html, 'og:title'), url).toBeNull();
        expect(html, url).toContain('<title>사이드퀘스트</title>');
      }
    } finally {
      await careercard.app.knex('profile').where({ profile_id: 'minji' }).update({ is_public: true });
    }
    expect(meta(await page(`/careercard/project/${english.project_id}`), 'og:title')).toBe('출근길 영어 · 민지님의 프로젝트');
  });
});
