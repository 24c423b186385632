import fp from 'fastify-plugin';
import { createAvailability } from '../lib/availability';
import { createSignInGuard } from '../lib/sign-in-guard';
import { createAttemptLimiter } from '../lib/attempt-limit';

/**
 * The stored checks routes ask before they act: which e-mails and nicknames are taken (availability), the
 * sign-in guard's failures and the recovery attempt limits. Their SQL lives in lib/; routes reach it only here.
 */
declare module 'fastify' {
  interface FastifyInstance {
    availability: ReturnType<typeof createAvailability>;
    signInGuard: ReturnType<typeof createSignInGuard>;
    attemptLimiter: ReturnType<typeof createAttemptLimiter>;
  }
}

export default fp(async (app) => {
  app.decorate('availability', createAvailability(app.knex));
  app.decorate('signInGuard', createSignInGuard(app.knex, app.accountConfig.signIn));
  app.decorate('attemptLimiter', createAttemptLimiter(app.knex));
}, { name: 'guard-repository', dependencies: ['knex', 'account-config'] });
