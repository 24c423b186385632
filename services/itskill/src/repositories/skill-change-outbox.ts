import fp from 'fastify-plugin';
import { createOutbox, type OutboxRow } from '@sq/service-kit';

/**
 * The skill-change outbox (migration 006): a member's completed check-up or attached result, announced to the
 * programs service, which takes the copies of their level on their applications again. Armed in the change's
 * transaction (run-repository submit, result-repository attach), delivered by the request after the commit, and by
 * a retry job every PROGRAMS_OUTBOX_RETRY_MS (0 turns it off).
 */
declare module 'fastify' {
  interface FastifyInstance {
    skillChangeOutbox: ReturnType<typeof createOutbox<OutboxRow>>;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'skillChangeOutbox',
      createOutbox<OutboxRow>({
        knex: app.knex,
        log: app.log,
        table: 'programs_skill_change',
        what: 'programs applicant copies refresh',
        deliver: (row) => app.applicationOwners.peopleChanged(row.user_id),
      }),
    );
    const every = app.itskillConfig.programsOutboxRetryMs;
    if (every <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        app.skillChangeOutbox
          .deliverDue()
          .catch((error: unknown) => app.log.warn({ err: error }, 'skill-change outbox run failed'));
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'skill-change-outbox', dependencies: ['itskill-config', 'programs-client'] },
);
