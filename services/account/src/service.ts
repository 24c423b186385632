import type { ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { seed } from './seeds';
import tokens from './tokens';
import userRepository from './repositories/user-repository';
import sessionRepository from './repositories/session-repository';
import sessionRoutes from './routes/session';
import internalRoutes from './routes/internal';

/** Users, credentials, social identities, sessions and tokens, recovery, duplicate checks, points. */
export const accountService: ServiceDefinition = {
  name: 'account',
  schema: 'account',
  migrations,
  seed,
  plugin: async (app) => {
    await app.register(tokens);
    await app.register(userRepository);
    await app.register(sessionRepository);
    await app.register(sessionRoutes);
    await app.register(internalRoutes);
  },
};
