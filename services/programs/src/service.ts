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
import type { PgClient } from './clients/pg-client';
import { operatorsPlugin } from './operators/plugin';
import type { OperatorsConfig } from './config/operators';
import { createPeopleClient, type PeopleClient } from './clients/people-client';
import internalUserRoutes from './routes/internal-users';
import internalClockRoutes from './routes/internal-clock';
import { controlledClock } from './clock';
import { reconciliationPlugin } from './reconciliation/plugin';
import { createApplicationViews } from './applications/application-view';
import adminCohortRoutes from './routes/admin-cohorts';
import adminApplicantRoutes from './routes/admin-applicants';
import adminPaymentRoutes from './routes/admin-payments';
import adminBoardRoutes from './routes/admin-board';
import adminTeamRoutes from './routes/admin-teams';
import adminSprintRoutes from './routes/admin-sprint';
import sprintMemberRoutes from './routes/sprint-member';
import sprintProjectRoutes from './routes/sprint-projects';
import adminMoneyRoutes from './routes/admin-money';

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
      app.decorate('applicationViews', createApplicationViews(app.knex));
      await app.register(internalUserRoutes);
      await app.register(applyRoutes);
      await app.register(myApplicationRoutes);
      await app.register(paymentWebhookRoutes);
      await app.register(cohortRepository);
      await app.register(paymentRecordRepository);
      await app.register(applicantListRepository);
      await app.register(auditLogRepository);
      const { peers } = config;
      const people = options.operators?.people ?? createPeopleClient({ accountUrl: peers.accountUrl, itskillUrl: peers.itskillUrl, internalSecret: app.internalSecret, timeoutMs: peers.peopleLookupTimeoutMs });
      await app.register(operatorsPlugin, { config: options.operators?.config ?? config.operators, people });
      await app.register(adminCohortRoutes);
      await app.register(adminApplicantRoutes);
      await app.register(adminPaymentRoutes, { people });
      await app.register(adminBoardRoutes, { deps: { knex: app.knex, jobs: app.jobs, clock: app.clock, boardPages: config.board } });
      await app.register(adminTeamRoutes);
      await app.register(adminSprintRoutes);
      await app.register(sprintMemberRoutes, { people });
      await app.register(sprintProjectRoutes, { people });
      await app.register(reconciliationPlugin);
      await app.register(adminMoneyRoutes, { deps: app.reconciliation });
    }),
  };
}

export const programsService = createProgramsService();
