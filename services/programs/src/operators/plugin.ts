import fp from 'fastify-plugin';
import type { OperatorsConfig } from '../config/operators';

declare module 'fastify' {
  interface FastifyInstance {
    operatorsConfig: OperatorsConfig;
  }
}

/** The operators' settings (tests inject them); their routes and jobs: service.ts. */
export const operatorsPlugin = fp<{ config: OperatorsConfig }>(
  async (app, { config }) => {
    app.decorate('operatorsConfig', config);
  },
  {
    name: 'operators',
    dependencies: ['knex', 'job-queue', 'payments', 'mailer'],
    decorators: { fastify: ['applicationRepository', 'cohortRepository', 'paymentRecordRepository'] },
  },
);
