import type { FastifyInstance } from 'fastify';
import { seoulDate } from './schedule';
import { QUEUES } from './jobs/queue';
import { createAccountContacts } from './clients/account-contacts';
import type { PeopleClient } from './clients/people-client';
import { applicationMailHandler } from './mail/application-mail';
import { disabledMail } from './mail/webhook-disabled-mail';
import { pruneWebhookLog } from './core/webhook-events';
import { runChargeDeadlines, runTeamCharge } from './teams/charging';
import { recordMisses } from './sprint/checkins';
import { copyDuePeople } from './teams/people-copy';
import { reconcile, scanOwed } from './reconciliation/reconcile';
import { announceOpenedCohorts } from './webhooks/cohort-opened';
import { runDeliveryLoop } from './webhooks/delivery-loop';

/**
 * Everything the service runs besides answering requests, in the order of its layers: each job's handler, each
 * cron (Asia/Seoul), and the webhook delivery loop. Handlers run on the instances that run jobs
 * (PROGRAMS_JOB_WORKERS or the programs-worker role); any instance may queue them.
 */
export function registerJobs(app: FastifyInstance, { people }: { people: PeopleClient }): void {
  const { jobs, payments } = app;
  const config = app.programsConfig;

  // Payments: PG webhooks, key releases, charge reversals, the repair of what the PG settled, and the auto-cancel of
  // reservations left without a team after the announcement day.
  jobs.handle(QUEUES.webhook, async (data) => {
    await payments.processWebhook(String(data.webhookId));
  });
  jobs.handle(QUEUES.release, async (data) => {
    await payments.release(Number(data.joinId));
  });
  jobs.handle(QUEUES.chargeReversal, async (data) => {
    await payments.reverseCharge(Number(data.joinId), String(data.paymentId));
  });
  jobs.handle(QUEUES.repair, async () => {
    await payments.repair(config.jobs.repairAfterSeconds, config.jobs.repairClosedWindowSeconds);
  });
  // A repair missed is done by the next tick (every minute by default): no retry.
  jobs.schedule(QUEUES.repair, config.jobs.repairCron, { retryLimit: 0 });
  jobs.handle(QUEUES.autoCancel, async () => {
    await payments.autoCancelUnteamed(app.clock());
  });
  jobs.schedule(QUEUES.autoCancel, config.jobs.autoCancelCron);

  // Applications: the mails of an application's steps.
  jobs.handle(QUEUES.mail, applicationMailHandler(app, config.siteUrl));

  // Team building: the charge of each member of a published team, and the card-update deadlines of declined ones.
  const operators = app.operatorsConfig;
  jobs.handle(QUEUES.teamCharge, async (data) => {
    await runTeamCharge(app, operators, Number(data.joinId));
  });
  jobs.handle(QUEUES.chargeDeadline, async () => {
    await runChargeDeadlines(app, app.clock());
  });
  jobs.schedule(QUEUES.chargeDeadline, operators.chargeDeadlineCron);
  // Copies of who the applicants are: queued by each new application and each signal from account or itskill;
  // the schedule takes what is still due, and a job that stops at its rounds queues the next.
  jobs.handle(QUEUES.applicantCopy, async () => {
    const copied = await copyDuePeople(app.knex, people, operators.applicantCopy);
    if (copied.names || copied.skills) app.log.info(copied, 'applicant copies taken');
    if (copied.more) await jobs.send(QUEUES.applicantCopy, {});
  });
  jobs.schedule(QUEUES.applicantCopy, operators.applicantCopy.cron);
  // What is due at start (a fresh demo seed, a migrated database) is taken at once, not at the next schedule.
  app.addHook('onReady', async () => {
    await jobs.send(QUEUES.applicantCopy, {});
  });

  // The sprint: at 22:00 Korean time the day's check-ins close, and the job records that day's misses.
  jobs.handle(QUEUES.checkinMisses, async () => {
    await recordMisses(app, seoulDate(app.clock()));
  });
  jobs.schedule(QUEUES.checkinMisses, operators.checkinMissesCron);

  // Reconciliation with the PG: the daily run over the last RECONCILIATION_WINDOW_HOURS, and the scan between runs.
  const reconciliation = config.reconciliation;
  jobs.handle(QUEUES.reconciliation, async () => {
    const until = app.clock();
    const run = await reconcile(
      app.reconciliation,
      { from: new Date(until.getTime() - reconciliation.windowHours * 3_600_000), until },
      { trigger: 'SCHEDULE' },
    );
    if (!run) app.log.info('reconciliation already running elsewhere; this tick skipped');
  });
  jobs.schedule(QUEUES.reconciliation, reconciliation.cron);
  jobs.handle(QUEUES.exceptionScan, async () => {
    const opened = await scanOwed(app.reconciliation);
    if (opened) app.log.warn({ opened }, 'owed refunds or pending charges entered the exceptions queue');
  });
  jobs.schedule(QUEUES.exceptionScan, reconciliation.scanCron);

  // Webhooks out: the mail to the owner of a subscription turned off for failing, the scan that tells of cohorts that
  // opened, the pruning of old events, and the delivery loop.
  const webhooks = config.webhooks;
  const contacts = createAccountContacts({
    accountUrl: config.peers.accountUrl,
    internalSecret: app.internalSecret,
    timeoutMs: config.peers.peopleLookupTimeoutMs,
  });
  jobs.handle(QUEUES.webhookDisabledMail, async (data) => {
    await disabledMail(app, contacts, Number(data.webhookId));
  });
  jobs.handle(QUEUES.webhookCohortOpened, async () => {
    const told = await announceOpenedCohorts(app.knex, app.clock(), webhooks.cohortOpenLookbackHours);
    if (told.length) app.log.info({ oddIds: told }, 'cohort openings told to webhooks');
  });
  jobs.schedule(QUEUES.webhookCohortOpened, webhooks.cohortOpenCron);
  jobs.handle(QUEUES.webhookLogPrune, async () => {
    const pruned = await pruneWebhookLog(app.knex, new Date(Date.now() - webhooks.logRetentionDays * 86_400_000));
    if (pruned) app.log.info({ events: pruned }, 'old webhook events deleted');
  });
  jobs.schedule(QUEUES.webhookLogPrune, webhooks.logPruneCron);
  if (config.jobs.workers) runDeliveryLoop(app, app.webhooks, webhooks);
}
