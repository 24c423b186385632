import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { MESSAGES, ok, type BannerResponse, type MainPageResponse } from '@sq/contracts';
import { previewQuery, withPreview } from '../repositories/cms/preview';
import { createNavigationRepository } from '../repositories/navigation-repository';
import { createProgramIntroRepository } from '../repositories/program-intro-repository';
import { createProjectRepository } from '../repositories/project-repository';
import { createStoryRepository } from '../repositories/story-repository';

const FEATURED_PROJECTS = 6;
const FEATURED_STORIES = 4;

type Preview = { Querystring: z.infer<typeof previewQuery> };

const mainPageRoutes: FastifyPluginAsync = async (app) => {
  app.get<Preview>(
    '/api/getBanner',
    { schema: { tags: ['main'], summary: '메인 배너 (PC, 모바일 이미지와 노출 여부)', querystring: previewQuery } },
    async (request): Promise<BannerResponse> =>
      ok({ banners: await withPreview(app, request, (db) => createNavigationRepository(db).mainBanners()) }),
  );

  app.get<Preview>(
    '/api/open/main-page',
    {
      schema: {
        tags: ['main'],
        summary: '메인 페이지 (배너, 추천 프로젝트와 후기, 프로그램별 모집 상태)',
        querystring: previewQuery,
      },
    },
    async (request): Promise<MainPageResponse> => {
      const [content, programs] = await Promise.all([
        withPreview(app, request, async (db) => {
          const [banners, featuredProjects, featuredStories, summaries] = await Promise.all([
            createNavigationRepository(db).mainBanners(),
            createProjectRepository(db).featured(FEATURED_PROJECTS),
            createStoryRepository(db).featured(FEATURED_STORIES),
            createProgramIntroRepository(db).summaries(),
          ]);
          return { banners, featuredProjects, featuredStories, summaries };
        }),
        app.programsClient.products(),
      ]);
      const { summaries, ...mainPage } = content;
      // A program card reads the lead operators published on its intro page (else the catalogue's).
      const withLeads = programs?.map((p) => ({ ...p, summary: summaries.get(p.productId) ?? p.summary })) ?? null;
      return ok({
        mainPage: { ...mainPage, programs: withLeads, programsNotice: programs ? null : MESSAGES.programsUnavailable },
      });
    },
  );
};

export default mainPageRoutes;
