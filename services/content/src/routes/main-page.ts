import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES, ok, type BannerResponse, type MainPageResponse } from '@sq/contracts';

const FEATURED_PROJECTS = 6;
const FEATURED_STORIES = 4;

const mainPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/getBanner', { schema: { tags: ['main'], summary: '메인 배너 (PC, 모바일 이미지와 노출 여부)' } }, async (): Promise<BannerResponse> =>
    ok({ banners: await app.navigationRepository.mainBanners() }),
  );

  app.get('/api/open/main-page', { schema: { tags: ['main'], summary: '메인 페이지 (배너, 추천 프로젝트와 후기, 프로그램별 모집 상태)' } }, async (): Promise<MainPageResponse> => {
    const [banners, featuredProjects, featuredStories, programs] = await Promise.all([
      app.navigationRepository.mainBanners(),
      app.projectRepository.featured(FEATURED_PROJECTS),
      app.storyRepository.featured(FEATURED_STORIES),
      app.programsClient.products(),
    ]);
    return ok({
      mainPage: { banners, featuredProjects, featuredStories, programs, programsNotice: programs ? null : MESSAGES.programsUnavailable },
    });
  });
};

export default mainPageRoutes;
