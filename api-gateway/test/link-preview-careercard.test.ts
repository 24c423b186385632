import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareerCard, CareerCardProject } from '@sq/contracts';
import { startGateway, startUpstreams } from './helpers';

/**
 * Link previews of the career card pages: what a messenger's crawler reads from the HTML of
 * /careercard/{profileId} and /careercard/project/{projectId}. The careercard stand-in answers in the
 * service's contract types (the gateway may not start a service; e2e/tests/link-previews.e2e.ts reads the
 * same pages from the real one).
 */
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
const careercard = Fastify();
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));

const IMG_ID = '0b6f2c1e-8a4d-4e2f-9c3b-5d7e9f1a2b3c';
const projectOf = (projectId: number, changes: Partial<CareerCardProject> = {}): CareerCardProject => ({
  projectId,
  profileId: 'minji',
  userAlias: '민지',
  title: '한입레시피',
  role: '서비스 기획',
  period: '2026.05.11 ~ 2026.05.20',
  startDate: '2026-05-11',
  endDate: '2026-05-20',
  description: '열흘 동안 레시피 공유 앱을 만들었어요.',
  links: [],
  images: [],
  isOwner: false,
  ...changes,
});
const PROJECTS: Record<string, CareerCardProject> = {
  '9': projectOf(9),
  '10': projectOf(10, { images: [{ imgId: IMG_ID, imgUrl: `/media/uploads/${IMG_ID}` }] }),
  '11': projectOf(11, { title: '<script>alert(1)</script> & "정산"', description: '' }),
};
const CARD: CareerCard = {
  profileId: 'minji',
  userName: '김민지',
  userAlias: '민지',
  jobGroupName: '기획',
  positionName: '서비스 기획',
  yearCodeName: '3년 이상 5년 미만',
  intro: '사용자 인터뷰로 문제를 좁혀요.',
  imgUrl: null,
  coverImgUrl: null,
  skills: [],
  projects: [],
  skillLevel: null,
  isOwner: false,
};

beforeAll(async () => {
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="기본 설명" /><title>사이드퀘스트</title></head><body><div id="root"></div></body></html>',
  );
  const notFound = { ErrorCode: '44', message: '요청하신 정보를 찾을 수 없습니다.' };
  careercard.get('/api/profile/project/:projectId', async (request, reply) => {
    const project = PROJECTS[(request.params as { projectId: string }).projectId];
    return project ? { ErrorCode: '00', project } : reply.status(404).send(notFound);
  });
  careercard.get('/api/profile/:id', async (request, reply) =>
    (request.params as { id: string }).id.toLowerCase() === 'minji'
      ? { ErrorCode: '00', profile: CARD }
      : reply.status(404).send(notFound),
  );
  upstreams = await startUpstreams();
  gateway = await startGateway(
    { ...upstreams.urls, careercard: await careercard.listen({ port: 0, host: '127.0.0.1' }) },
    { shellDir },
  );
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  await careercard.close();
  fs.rmSync(shellDir, { recursive: true, force: true });
});

const page = async (url: string) => (await gateway.app.inject({ url, headers: { host: 'site.example.com' } })).body;
const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`))?.[1] ?? null;

describe('career card link previews', () => {
  it('name a project page by its title and member, with its role, period and what they did', async () => {
    const html = await page('/careercard/project/9');
    expect(meta(html, 'og:title')).toBe('한입레시피 · 민지님의 프로젝트');
    expect(meta(html, 'og:description')).toBe(
      '서비스 기획 · 2026.05.11 ~ 2026.05.20 · 열흘 동안 레시피 공유 앱을 만들었어요.',
    );
    expect(html).toContain('<title>한입레시피 · 민지님의 프로젝트 | 사이드퀘스트</title>');
    expect(meta(html, 'og:url')).toBe('http://site.example.com/careercard/project/9');
    expect(meta(html, 'og:image')).toBeNull();
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('show the project’s first image, as an absolute URL', async () => {
    const html = await page('/careercard/project/10/');
    expect(meta(html, 'og:image')).toBe(`http://site.example.com/media/uploads/${IMG_ID}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('escape what the member wrote', async () => {
    const html = await page('/careercard/project/11');
    expect(meta(html, 'og:title')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;정산&quot; · 민지님의 프로젝트',
    );
    expect(meta(html, 'og:description')).toBe('서비스 기획 · 2026.05.11 ~ 2026.05.20');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('name the career card page by its member', async () => {
    const html = await page('/careercard/MinJi/');
    expect(meta(html, 'og:title')).toBe('민지님의 커리어 카드');
    expect(meta(html, 'og:description')).toBe('기획 · 서비스 기획 · 사용자 인터뷰로 문제를 좁혀요.');
  });

  it('leave unknown and malformed projects plain', async () => {
    for (const url of [
      '/careercard/project/999999',
      '/careercard/project/abc',
      '/careercard/project',
      '/careercard/project/1234567890',
      '/careercard/nobody',
    ]) {
      const html = await page(url);
      expect(meta(html, 'og:title'), url).toBeNull();
      expect(html, url).toContain('<title>사이드퀘스트</title>');
    }
  });
});
