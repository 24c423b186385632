import type { ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { seed } from './seeds';
import navigationRepository from './repositories/navigation-repository';
import projectRepository from './repositories/project-repository';
import settingRoutes from './routes/setting';
import projectRoutes from './routes/projects';
import mediaRoutes from './routes/media';

/** Navigation, banners, main page, stories, past projects, FAQ and legal texts. */
export const contentService: ServiceDefinition = {
  name: 'content',
  schema: 'content',
  migrations,
  seed,
  plugin: async (app) => {
    await app.register(navigationRepository);
    await app.register(projectRepository);
    await app.register(settingRoutes);
    await app.register(projectRoutes);
    await app.register(mediaRoutes);
  },
};
