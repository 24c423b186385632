import type { ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { careercardConfigPlugin } from './config';
import { referenceSeed, seed } from './seeds';
import codeRepository from './repositories/code-repository';
import profileRepository from './repositories/profile-repository';
import cardRepository from './repositories/card-repository';
import cardLifecycleRepository from './repositories/card-lifecycle-repository';
import cardProjectRepository from './repositories/card-project-repository';
import uploadRepository from './repositories/upload-repository';
import codeRoutes from './routes/codes';
import profileRoutes from './routes/profiles';
import internalProfileRoutes from './routes/internal-profiles';
import uploadRoutes from './routes/uploads';
import fileStorage from './storage/file-storage-plugin';
import accountClient from './clients/account-client';
import itskillClient from './clients/itskill-client';
import myCardRoutes from './routes/my-card';
import projectRoutes from './routes/projects';

/** Career cards (profiles with skills and projects), the common codes their forms pick from, and image uploads. */
export const careercardService: ServiceDefinition = {
  name: 'careercard',
  schema: 'careercard',
  migrations,
  referenceSeed,
  seed,
  plugin: async (app) => {
    await app.register(careercardConfigPlugin);
    await app.register(itskillClient);
    await app.register(codeRepository);
    await app.register(profileRepository);
    await app.register(cardRepository);
    await app.register(cardLifecycleRepository);
    await app.register(cardProjectRepository);
    await app.register(uploadRepository);
    await app.register(fileStorage);
    await app.register(accountClient);
    await app.register(codeRoutes);
    await app.register(profileRoutes);
    await app.register(internalProfileRoutes);
    await app.register(uploadRoutes);
    await app.register(myCardRoutes);
    await app.register(projectRoutes);
  },
};
