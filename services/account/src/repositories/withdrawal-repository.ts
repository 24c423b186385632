import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { revokeMemberTokens } from './personal-token-repository';
import { revokeMemberConsents } from './partner-app-repository';
import { retiredHash } from './availability';
import type { ProgramsClient } from '../clients/programs-client';
import { createOutbox, type OutboxRow } from '@sq/service-kit';
import { markGrantsBeforeErasure } from './entitlement-markers';
import { createKeyedHash, type KeyedHash } from '../lib/keyed-hash';
import type { UserRow } from './user-repository';

/** Career cards careercard could not retire at once (migration 004; careercard's retire is idempotent). */
export function createRetirementOutbox(app: {
  knex: Knex;
  careercard: { retire(profileId: string): Promise<void> };
  log: { warn(obj: object, msg: string): void };
}) {
  return createOutbox<OutboxRow & { profile_id: string }>({
    knex: app.knex,
    log: app.log,
    table: 'careercard_retirement',
    what: 'career card retirement',
    deliver: (row) => app.careercard.retire(row.profile_id),
  });
}

/**
 * The programs service erases the member's personal data from their applications (migration 008; idempotent
 * there), and their former nickname and career card ID from other members' records (migration 009: kept on the
 * row from before the anonymisation; null for members who withdrew before it).
 */
export function createErasureOutbox(app: {
  knex: Knex;
  programs: Pick<ProgramsClient, 'erasePersonalData'>;
  log: { warn(obj: object, msg: string): void };
}) {
  return createOutbox<OutboxRow & { nickname: string | null; career_card_id: string | null }>({
    knex: app.knex,
    log: app.log,
    table: 'programs_erasure',
    what: 'programs personal data erasure',
    deliver: (row) =>
      app.programs.erasePersonalData(row.user_id, { nickname: row.nickname, careerCardId: row.career_card_id }),
  });
}

/**
 * Not the withdrawal's, delivered by the same job: a member changed their name or nickname (migration 012, armed by
 * userRepository.update), so the programs service takes its applicant copies again (idempotent there).
 */
export function createPeopleChangeOutbox(app: {
  knex: Knex;
  programs: Pick<ProgramsClient, 'peopleChanged'>;
  log: { warn(obj: object, msg: string): void };
}) {
  return createOutbox<OutboxRow>({
    knex: app.knex,
    log: app.log,
    table: 'programs_people_change',
    what: 'programs applicant copies refresh',
    deliver: (row) => app.programs.peopleChanged(row.user_id),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    retirementOutbox: ReturnType<typeof createRetirementOutbox>;
    erasureOutbox: ReturnType<typeof createErasureOutbox>;
    peopleChangeOutbox: ReturnType<typeof createPeopleChangeOutbox>;
  }
}

/**
 * The withdrawal's outboxes and their one retry job (every CAREERCARD_RETIRE_RETRY_MS; 0 turns the timer off,
 * e.g. in tests): career card retirement and the programs service's erasure of personal data; the same job
 * delivers the programs service's signal that a member's names changed.
 */
export const withdrawalOutbox = fp(
  async (app) => {
    app.decorate('retirementOutbox', createRetirementOutbox(app));
    app.decorate('erasureOutbox', createErasureOutbox(app));
    app.decorate('peopleChangeOutbox', createPeopleChangeOutbox(app));
    const every = app.accountConfig.retireRetryMs;
    if (every <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        for (const outbox of [app.retirementOutbox, app.erasureOutbox, app.peopleChangeOutbox]) {
          outbox.deliverDue().catch((error: unknown) => app.log.warn({ err: error }, 'withdrawal outbox run failed'));
        }
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'withdrawal-outbox', dependencies: ['account-config', 'careercard-client', 'programs-client'] },
);

/** The withdrawal's own writes: one transaction with its outbox rows (routes/withdrawal.ts says what it keeps). */
export function createWithdrawalRepository(knex: Knex, keyed: KeyedHash) {
  return {
    /** False when the member was already withdrawn (a concurrent withdrawal won): nothing changed. */
    withdraw: (
      user: Pick<UserRow, 'user_id' | 'user_alias' | 'profile_id'>,
      reason: { reasonCode: string; reasonText: string | null },
    ) =>
      knex.transaction(async (trx) => {
        const placeholder = `withdrawn-${user.user_id}@withdrawn.invalid`;
        // Locked and re-read: two withdrawals of the same member at once make one.
        const still = await trx('user_account')
          .where({ user_id: user.user_id })
          .whereNull('withdrawn_at')
          .forUpdate()
          .first('user_id', 'user_alias', 'profile_id');
        if (!still) return false;
        await trx('session')
          .where({ user_id: user.user_id })
          .whereNull('revoked_at')
          .update({ revoked_at: trx.fn.now() });
        await trx('password_reset_token')
          .where({ user_id: user.user_id })
          .whereNull('used_at')
          .update({ used_at: trx.fn.now() });
        await revokeMemberTokens(trx, user.user_id, 'withdrawal');
        await revokeMemberConsents(trx, user.user_id);
        // While the e-mail and identities still exist: the person keeps the record (keyed hashes only) of the
        // one-time grants they received, so a new account of theirs does not receive them again.
        await markGrantsBeforeErasure(trx, keyed, user.user_id);
        await trx('social_identity').where({ user_id: user.user_id }).delete();
        const retired = [{ kind: 'NICKNAME', value_hash: retiredHash(user.user_alias) }];
        if (user.profile_id) retired.push({ kind: 'CAREER_CARD_ID', value_hash: retiredHash(user.profile_id) });
        await trx('retired_identifier').insert(retired).onConflict(['kind', 'value_hash']).ignore();
        await trx('withdrawal').insert({
          user_id: user.user_id,
          reason_code: reason.reasonCode,
          reason_text: reason.reasonText,
        });
        if (user.profile_id)
          await trx('careercard_retirement').insert({ user_id: user.user_id, profile_id: user.profile_id });
        // The names as the locked row has them: the update below overwrites them; programs takes them out of other
        // members' placement texts and friend lists.
        await trx('programs_erasure').insert({
          user_id: user.user_id,
          nickname: still.user_alias,
          career_card_id: still.profile_id ?? null,
        });
        await trx('user_account')
          .where({ user_id: user.user_id })
          .update({
            email: placeholder,
            contact_email: placeholder,
            password_hash: null,
            user_name: '탈퇴회원',
            // A leading space: trimmed input can never collide with it.
            user_alias: ` withdrawn-${user.user_id}`,
            user_phone: '',
            notion_email: null,
            slack_email: null,
            img_id: null,
            intro: null,
            marketing_consent: false,
            withdrawn_at: trx.fn.now(),
          });
        return true;
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    withdrawalRepository: ReturnType<typeof createWithdrawalRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'withdrawalRepository',
      createWithdrawalRepository(app.knex, createKeyedHash(app.accountConfig.markerSecret)),
    );
  },
  { name: 'withdrawal-repository', dependencies: ['knex', 'account-config'] },
);
