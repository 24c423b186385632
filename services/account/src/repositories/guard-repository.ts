import fp from 'fastify-plugin';
import { createAvailability } from './availability';
import { createSignInGuard } from './sign-in-guard';
import { createAttemptLimiter } from './attempt-limit';
import { refuseDemoPasswords } from './operator-accounts';

/**
 * The stored checks routes ask before they act: which e-mails and nicknames are taken (availability), the
 * sign-in guard's failures, the recovery attempt limits, and in production whether a demo password still signs
 * anyone in. Routes and hooks reach them only here.
 */
declare module 'fastify' {
  interface FastifyInstance {
    availability: ReturnType<typeof createAvailability>;
    signInGuard: ReturnType<typeof createSignInGuard>;
    attemptLimiter: ReturnType<typeof createAttemptLimiter>;
    /** Throws while an operator or a demo account still signs in with a demo password (README). */
    refuseDemoPasswords: () => Promise<void>;
  }
}

export default fp(
  async (app) => {
    app.decorate('availability', createAvailability(app.knex));
    app.decorate('signInGuard', createSignInGuard(app.knex, app.accountConfig.signIn));
    app.decorate('attemptLimiter', createAttemptLimiter(app.knex));
    app.decorate('refuseDemoPasswords', () => refuseDemoPasswords(app.knex));
  },
  { name: 'guard-repository', dependencies: ['knex', 'account-config'] },
);
