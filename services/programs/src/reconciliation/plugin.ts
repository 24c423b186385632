import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MONEY_EXCEPTION_KINDS, MONEY_EXCEPTION_KIND_NAMES } from '@sq/contracts/api/money';
import { formatKrw } from '@sq/contracts/format';
import { openExceptionCounts } from '../repositories/reconciliation-repository';
import type { ReconcileDeps } from './reconcile';

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
 * What the reconciliation with the PG runs with (app.reconciliation: the daily run and the scan of owed refunds, whose
 * crons service.ts sets, and the exceptions queue's operator routes), and the /metrics gauge of open exceptions by kind.
 */
export const reconciliationPlugin = fp(
  async (app) => {
    const config = app.programsConfig.reconciliation;
    const deps: ReconcileDeps = { payments: app.payments.deps, config, notify: mailOwners(app) };
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
  {
    name: 'reconciliation',
    dependencies: ['knex', 'payments', 'mailer'],
    decorators: { fastify: ['operatorsConfig'] },
  },
);
