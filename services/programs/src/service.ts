import fp from 'fastify-plugin';
import type { ServiceDefinition } from '@sq/service-kit';
import { mailerPlugin } from '@sq/service-kit';
import { migrations } from './migrations';
import { referenceSeed, seed } from './seeds';
import { readProgramsConfig, type ProgramsConfig } from './config';
import type { OperatorsConfig } from './config/operators';
import { controlledClock } from './clock';
import { createProductRepository } from './repositories/product-repository';
import { createApplicantRepository } from './repositories/applicant-repository';
import { createApplicationRepository } from './repositories/application-repository';
import { createCohortRepository } from './repositories/cohort-repository';
import { createPaymentRecordRepository } from './repositories/payment-record-repository';
import { createApplicantListRepository } from './repositories/applicant-list-repository';
import { createAuditLogRepository } from './repositories/audit-log-repository';
import type { PgClient } from './clients/pg-client';
import { createPeopleClient, type PeopleClient } from './clients/people-client';
import { jobQueuePlugin } from './jobs/queue';
import { paymentsPlugin } from './payments';
import { createApplicationViews } from './applications/application-view';
import { operatorsPlugin } from './operators/plugin';
import { reconciliationPlugin } from './reconciliation/plugin';
import internalClockRoutes from './routes/internal-clock';
import productRoutes from './routes/products';
import internalRefundRuleRoutes from './routes/internal-refund-rules';
import applicantRoutes from './routes/applicants';
import internalUserRoutes from './routes/internal-users';
import applyRoutes from './routes/apply';
import myApplicationRoutes from './routes/my-applications';
import paymentWebhookRoutes from './routes/payment-webhook';
import adminCohortRoutes from './routes/admin-cohorts';
import adminApplicantRoutes from './routes/admin-applicants';
import adminPaymentRoutes from './routes/admin-payments';
import adminBoardRoutes from './routes/admin-board';
import adminTeamRoutes from './routes/admin-teams';
import adminSprintRoutes from './routes/admin-sprint';
import sprintMemberRoutes from './routes/sprint-member';
import sprintProjectRoutes from './routes/sprint-projects';
import adminMoneyRoutes from './routes/admin-money';
import webhookRoutes from './routes/webhooks';
import { webhooksPlugin } from './webhooks/plugin';

declare module 'fastify' {
  /** What the routes read through: the repositories the app carries, and the application views. */
  interface FastifyInstance {
    productRepository: ReturnType<typeof createProductRepository>;
    applicantRepository: ReturnType<typeof createApplicantRepository>;
    applicationRepository: ReturnType<typeof createApplicationRepository>;
    cohortRepository: ReturnType<typeof createCohortRepository>;
    paymentRecordRepository: ReturnType<typeof createPaymentRecordRepository>;
    applicantListRepository: ReturnType<typeof createApplicantListRepository>;
    auditLogRepository: ReturnType<typeof createAuditLogRepository>;
    applicationViews: ReturnType<typeof createApplicationViews>;
  }
}

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
      app.decorate('productRepository', createProductRepository(app.knex));
      await app.register(productRoutes);
      await app.register(internalRefundRuleRoutes);
      app.decorate('applicantRepository', createApplicantRepository(app.knex));
      await app.register(applicantRoutes);
      app.decorate('applicationRepository', createApplicationRepository(app.knex));
      app.decorate('applicationViews', createApplicationViews(app.knex));
      await app.register(internalUserRoutes);
      await app.register(applyRoutes);
      await app.register(myApplicationRoutes);
      await app.register(paymentWebhookRoutes);
      app.decorate('cohortRepository', createCohortRepository(app.knex));
      app.decorate('paymentRecordRepository', createPaymentRecordRepository(app.knex));
      app.decorate('applicantListRepository', createApplicantListRepository(app.knex));
      app.decorate('auditLogRepository', createAuditLogRepository(app.knex));
      const { peers } = config;
      const people =
        options.operators?.people ??
        createPeopleClient({
          accountUrl: peers.accountUrl,
          itskillUrl: peers.itskillUrl,
          internalSecret: app.internalSecret,
          timeoutMs: peers.peopleLookupTimeoutMs,
        });
      await app.register(operatorsPlugin, { config: options.operators?.config ?? config.operators, people });
      await app.register(adminCohortRoutes);
      await app.register(adminApplicantRoutes);
      await app.register(adminPaymentRoutes, { people });
      await app.register(adminBoardRoutes, {
        deps: { knex: app.knex, jobs: app.jobs, clock: app.clock, boardPages: config.board },
      });
      await app.register(adminTeamRoutes);
      await app.register(adminSprintRoutes);
      await app.register(sprintMemberRoutes, { people });
      await app.register(sprintProjectRoutes, { people });
      await app.register(reconciliationPlugin);
      await app.register(adminMoneyRoutes, { deps: app.reconciliation });
      await app.register(webhooksPlugin, { config: config.webhooks });
      await app.register(webhookRoutes, { subscriptions: app.webhookSubscriptions });
    }),
  };
}

export const programsService = createProgramsService();
