import fp from 'fastify-plugin';
import { isProduction } from '@sq/service-kit';
import { refuseDemoPasswords } from './operators';

/** In production the service does not become ready while a demo password still signs someone in. */
export default fp(
  async (app) => {
    if (!isProduction()) return;
    app.addHook('onReady', async () => {
      await refuseDemoPasswords(app.knex);
    });
  },
  { name: 'production-guard' },
);
