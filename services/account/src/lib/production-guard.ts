import fp from 'fastify-plugin';
import { isProduction } from '@sq/service-kit';

/** In production the service does not become ready while a demo password still signs someone in. */
export default fp(
  async (app) => {
    if (!isProduction()) return;
    app.addHook('onReady', async () => {
      await app.refuseDemoPasswords();
    });
  },
  { name: 'production-guard', dependencies: ['guard-repository'] },
);
