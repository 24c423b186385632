import type { ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { contentConfigPlugin } from './config';
import { referenceSeed, seed } from './seeds';
import programsClient from './clients/programs-client';
import navigationRepository from './repositories/navigation-repository';
import projectRepository from './repositories/project-repository';
import storyRepository from './repositories/story-repository';
import faqRepository from './repositories/faq-repository';
import legalRepository from './repositories/legal-repository';
import settingRoutes from './routes/setting';
import projectRoutes from './routes/projects';
import mediaRoutes from './routes/media';
import storyRoutes from './routes/stories';
import faqRoutes from './routes/faq';
import legalRoutes from './routes/legal';
import mainPageRoutes from './routes/main-page';
import programIntroRoutes from './routes/program-intros';
import cmsRepository from './repositories/cms/cms-repository';
import adminContentRoutes from './routes/admin-content';

/** Navigation, banners, main page, stories, past projects, program intros, FAQ and legal texts. */
export const contentService: ServiceDefinition = {
  name: 'content',
  schema: 'content',
  migrations,
  referenceSeed,
  seed,
  plugin: async (app) => {
    await app.register(contentConfigPlugin);
    await app.register(programsClient);
    await app.register(navigationRepository);
    await app.register(projectRepository);
    await app.register(storyRepository);
    await app.register(faqRepository);
    await app.register(legalRepository);
    await app.register(cmsRepository);
    await app.register(settingRoutes);
    await app.register(projectRoutes);
    await app.register(mediaRoutes);
    await app.register(storyRoutes);
    await app.register(faqRoutes);
    await app.register(legalRoutes);
    await app.register(mainPageRoutes);
    await app.register(programIntroRoutes);
    await app.register(adminContentRoutes);
  },
};
