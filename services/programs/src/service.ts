import fp from 'fastify-plugin';
import type { ServiceDefinition } from '@sq/service-kit';
import { mailerPlugin } from '@sq/service-kit';
import { migrations } from './migrations';
import { referenceSeed, seed } from './seeds';
import { readProgramsConfig, type ProgramsConfig } from './config';
import productRepository from './repositories/product-repository';
import productRoutes from './routes/products';
import internalRefundRuleRoutes from './routes/internal-refund-rules';
import applicantRepository from './repositories/applicant-repository';
import applicationRepository from './repositories/application-repository';
import cohortRepository from './repositories/cohort-repository';
import paymentRecordRepository from './repositories/payment-record-repository';
import applicantListRepository from './repositories/applicant-list-repository';
import auditLogRepository from './repositories/audit-log-repository';
import applicantRoutes from './routes/applicants';
import applyRoutes from './routes/apply';
import myApplicationRoutes from './routes/my-applications';
import paymentWebhookRoutes from './routes/payment-webhook';
import { jobQueuePlugin } from './jobs/queue';
import { paymentsPlugin } from './payments';
import type { PgClient } from './payments/pg-client';
import { operatorsPlugin } from './operators/plugin';
import type { OperatorsConfig } from './operators/config';
import type { PeopleClient } from './operators/people-client';
import internalUserRoutes from './routes/internal-users';
import internalClockRoutes from './routes/internal-clock';
import { controlledClock } from './clock';
import { reconciliationPlugin } from './reconciliation/plugin';
import { webhooksPlugin } from './webhooks/plugin';

export interface ProgramsServiceOptions {
  /** The clock every rule reads (tests inject a fixed day); default: the real time. */
  clock?: () => Date;
  /** Read from the environment when the app is built, unless given. */
  config?: ProgramsConfig;
  pg?: PgClient;
  /** Operators' settings and their account/itskill lookups (tests inject them). */
  operators?: { config?: OperatorsConfig; people?: PeopleClient };
}

/** Products, cohorts (oddId), refund rules, applications and their payments. */
export function createProgramsService(options: ProgramsServiceOptions = {}): ServiceDefinition {
  return {
    name: 'programs',
    schema: 'programs',
    migrations,
    referenceSeed,
    seed,
    // Not encapsulated: app.payments and app.jobs are the service's API for other code (and tests).
    plugin: fp(async (app) => {
      const config = options.config ?? readProgramsConfig();
      // A test's injected clock; else the real time, movable on the e2e site only (src/clock.ts).
      const controlled = !options.clock && config.clockControl ? controlledClock() : null;
      app.decorate('clock', options.clock ?? controlled?.now ?? (() => new Date()));
      if (controlled) await app.register(internalClockRoutes, { clock: controlled });
      app.decorate('programsConfig', config);
      await app.register(mailerPlugin, { smtp: config.smtp });
      await app.register(jobQueuePlugin, { config: config.jobs });
      await app.register(paymentsPlugin, { config, pg: options.pg });
      await app.register(productRepository);
      await app.register(productRoutes);
      await app.register(internalRefundRuleRoutes);
      await app.register(applicantRepository);
      await app.register(applicantRoutes);
      await app.register(applicationRepository);
      await app.register(internalUserRoutes);
      await app.register(applyRoutes);
      await app.register(myApplicationRoutes);
      await app.register(paymentWebhookRoutes);
      await app.register(cohortRepository);
      await app.register(paymentRecordRepository);
      await app.register(applicantListRepository);
      await app.register(auditLogRepository);
      await app.register(operatorsPlugin, { config: config.operators, ...options.operators });
      await app.register(reconciliationPlugin);
      await app.register(webhooksPlugin, { config: config.webhooks });
    }),
  };
}

export const programsService = createProgramsService();
