import fp from 'fastify-plugin';
import { recordMisses } from './sprint-checkins';
import { seoulDate } from '../schedule';
import type { PeopleClient } from '../clients/people-client';
import type { OperatorsConfig } from '../config/operators';
import { runChargeDeadlines, runTeamCharge } from './charging';
import { copyDuePeople } from './people-copy';

declare module 'fastify' {
  interface FastifyInstance {
    operatorsConfig: OperatorsConfig;
  }
}

/** The operators' jobs: team charge, charge deadlines, check-in misses and applicant copies (their routes: service.ts). */
export const operatorsPlugin = fp<{ config: OperatorsConfig; people: PeopleClient }>(
  async (app, options) => {
    const { config, people } = options;
    app.decorate('operatorsConfig', config);
    app.jobs.handle('team-charge', async (data) => {
      await runTeamCharge(app, config, Number(data.joinId));
    });
    app.jobs.handle('charge-deadline', async () => {
      await runChargeDeadlines(app, app.clock());
    });
    app.jobs.schedule('charge-deadline', config.chargeDeadlineCron);
    // At 22:00 Korean time the day's check-ins close: the job records that day's misses.
    app.jobs.handle('checkin-misses', async () => {
      await recordMisses(app, seoulDate(app.clock()));
    });
    app.jobs.schedule('checkin-misses', config.checkinMissesCron);
    // Copies of who the applicants are: queued by each new application and each signal from account or itskill;
    // the schedule takes what is still due, and a job that stops at its rounds queues the next.
    app.jobs.handle('applicant-copy', async () => {
      const copied = await copyDuePeople(app.knex, people, config.applicantCopy);
      if (copied.names || copied.skills) app.log.info(copied, 'applicant copies taken');
      if (copied.more) await app.jobs.send('applicant-copy', {});
    });
    app.jobs.schedule('applicant-copy', config.applicantCopy.cron);
    // What is due at start (a fresh demo seed, a migrated database) is taken at once, not at the next schedule.
    app.addHook('onReady', async () => {
      await app.jobs.send('applicant-copy', {});
    });
  },
  {
    name: 'operators',
    dependencies: ['knex', 'job-queue', 'payments', 'mailer'],
    decorators: { fastify: ['applicationRepository', 'cohortRepository', 'paymentRecordRepository'] },
  },
);
