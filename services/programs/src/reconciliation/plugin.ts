import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MONEY_EXCEPTION_KINDS, MONEY_EXCEPTION_KIND_NAMES } from '@sq/contracts/api/money';
import { formatKrw } from '@sq/contracts/format';
import { openExceptionCounts } from '../repositories/reconciliation-repository';
import { reconcile, scanOwed, type ReconcileDeps } from './reconcile';

const escape = (line: string) => line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The owners' mail when a run opens exceptions: to OPERATOR_NOTIFY_EMAIL (the operators' address), one per run. */
function mailOwners(app: FastifyInstance): ReconcileDeps['notify'] {
  return async (opened) => {
    const to = app.operatorsConfig.notifyEmail;
    if (!to) return;
    const lines = [
      `PG 대사에서 처리할 돈 예외 ${opened.length}건이 새로 열렸어요.`,
      ...opened.map(
        (e) =>
          `- ${MONEY_EXCEPTION_KIND_NAMES[e.kind]} ${formatKrw(e.amountKrw)}${e.joinId ? ` (신청 #${e.joinId})` : ''}: ${e.detail}`,
      ),
      `처리하기: ${app.programsConfig.siteUrl}/admin/money`,
    ];
    await app.mailer.send({
      to,
      subject: `[운영] 돈 예외 ${opened.length}건이 열렸어요`,
      text: lines.join('\n'),
      html: lines.map((l) => `<p>${escape(l)}</p>`).join(''),
    });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the reconciliation runs with: the operators' money routes run it too. */
    reconciliation: ReconcileDeps;
  }
}

/**
 * The daily reconciliation with the PG (the `money-reconciliation` cron job, RECONCILIATION_CRON), the hourly scan of
 * owed refunds and pending charges (`money-exception-scan`, EXCEPTION_SCAN_CRON), what the exceptions queue's operator routes
 * run with (app.reconciliation), and the /metrics gauge of open exceptions by kind.
 */
export const reconciliationPlugin = fp(
  async (app) => {
    const config = app.programsConfig.reconciliation;
    const deps: ReconcileDeps = { payments: app.payments.deps, config, notify: mailOwners(app) };
    app.jobs.handle('money-reconciliation', async () => {
      const until = app.clock();
      const run = await reconcile(
        deps,
        { from: new Date(until.getTime() - config.windowHours * 3_600_000), until },
        { trigger: 'SCHEDULE' },
      );
      if (!run) app.log.info('reconciliation already running elsewhere; this tick skipped');
    });
    app.jobs.schedule('money-reconciliation', config.cron);
    app.jobs.handle('money-exception-scan', async () => {
      const opened = await scanOwed(deps);
      if (opened) app.log.warn({ opened }, 'owed refunds or pending charges entered the exceptions queue');
    });
    app.jobs.schedule('money-exception-scan', config.scanCron);
    app.metrics.gauge(
      'money_exceptions_open',
      'Open exceptions of the money operations queue (reconciliation mismatches, owed refunds), by kind.',
      ['kind'],
      async (gauge) => {
        const counts = new Map((await openExceptionCounts(app.knex)).map((c) => [c.kind, c.count]));
        for (const kind of MONEY_EXCEPTION_KINDS) gauge.set({ kind }, counts.get(kind) ?? 0);
      },
    );
    app.decorate('reconciliation', deps);
  },
  { name: 'reconciliation', dependencies: ['knex', 'job-queue', 'payments', 'mailer', 'operators'] },
);
