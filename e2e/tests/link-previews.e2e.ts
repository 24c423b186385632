import { describe, expect, inject, it } from 'vitest';
import { siteApi } from '../src/api';

const baseUrl = inject('baseUrl');

const api = async <T>(path: string): Promise<T> => (await siteApi<T>(baseUrl, path)).body;

/** What a messenger's crawler sees: the raw HTML, no JavaScript run. */
async function ogTitle(path: string): Promise<string | null> {
  const html = await (
    await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } })
  ).text();
  return html.match(/<meta property="og:title" content="([^"]*)"/)?.[1] ?? null;
}

describe('link previews from PostgreSQL data', () => {
  it('name the story, project, program, career card and career card project of the shared page', async () => {
    const { stories } = await api<{ stories: { items: { storyId: number; title: string }[] } }>('/stories?size=1');
    const story = stories.items[0]!;
    expect(await ogTitle(`/story/detail/${story.storyId}`)).toBe(story.title);

    const { projects } = await api<{ projects: { items: { projectId: number; title: string }[] } }>('/projects?size=1');
    expect(await ogTitle(`/projects/detail/${projects.items[0]!.projectId}`)).toBe(projects.items[0]!.title);

    const { product } = await api<{ product: { name: string } }>('/products/bside');
    expect(await ogTitle('/bside')).toBe(product.name);

    const { profile } = await api<{ profile: { userAlias: string; projects: { projectId: number; title: string }[] } }>(
      '/profile/minji',
    );
    expect(await ogTitle('/careercard/minji')).toBe(`${profile.userAlias}님의 커리어 카드`);
    const cardProject = profile.projects[0]!;
    expect(await ogTitle(`/careercard/project/${cardProject.projectId}`)).toBe(
      `${cardProject.title} · ${profile.userAlias}님의 프로젝트`,
    );
  });

  it('leave pages without a record plain', async () => {
    expect(await ogTitle('/story/detail/999999')).toBeNull();
    expect(await ogTitle('/faq')).toBeNull();
    expect(await ogTitle('/careercard/project/999999')).toBeNull();
  });
});
