import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { createPeopleCopyRepository, type DueCopy } from '../repositories/people-copy-repository';
import type { PeopleClient } from '../clients/people-client';

export interface PeopleCopySettings {
  /** Applications copied per round (each round asks the account and itskill for them in their batch sizes). */
  batchSize: number;
  /** Rounds one job runs before it hands the rest to the next job (a job stays well inside its expiry). */
  maxRounds: number;
}

export interface PeopleCopyResult {
  names: number;
  skills: number;
  /** Copies still due when the job stopped at maxRounds (the caller queues another job). */
  more: boolean;
}

/**
 * One kind of copy, round after round until none is due (or maxRounds): the due applications, their values from
 * the peer, written with the version they were taken at. A peer that does not answer ends this kind with its error
 * (the job is retried); the other kind goes on.
 */
async function copyRounds(
  settings: PeopleCopySettings,
  due: (limit: number) => Promise<DueCopy[]>,
  copy: (rows: DueCopy[]) => Promise<void>,
): Promise<{ copied: number; more: boolean }> {
  let copied = 0;
  for (let round = 0; round < settings.maxRounds; round++) {
    const rows = await due(settings.batchSize);
    await copy(rows);
    copied += rows.length;
    if (rows.length < settings.batchSize) return { copied, more: false };
  }
  return { copied, more: true };
}

/**
 * The `applicant-copy` job: every application's copy of who its member is that is due (a new application, a member
 * who changed names or took a check-up, every application once after migration 201) is taken from the account
 * service (name, nickname, career card ID; none for a member it no longer knows) and the itskill service (the
 * result itskill rules the application's). Throws when a peer did not answer, after writing what the other gave.
 */
export async function copyDuePeople(
  knex: Knex,
  people: PeopleClient,
  settings: PeopleCopySettings,
): Promise<PeopleCopyResult> {
  const copies = createPeopleCopyRepository(knex);
  const [names, skills] = await Promise.allSettled([
    copyRounds(settings, copies.dueNames, async (rows) => {
      const found = await people.names(rows.map((r) => r.userId));
      await copies.saveNames(
        rows.map((r) => {
          const person = found.get(r.userId);
          return {
            joinId: r.joinId,
            version: r.version,
            name: person?.name ?? null,
            nickname: person?.alias ?? null,
            careerCardId: person?.profileId ?? null,
          };
        }),
      );
    }),
    copyRounds(settings, copies.dueSkills, async (rows) => {
      const found = await people.levels(rows.map((r) => ({ userId: r.userId, joinId: r.joinId })));
      await copies.saveSkills(
        rows.map((r) => {
          const skill = found.get(r.joinId) ?? null;
          return {
            joinId: r.joinId,
            version: r.version,
            level: skill?.level ?? null,
            score: skill?.totalScore ?? null,
          };
        }),
      );
    }),
  ]);
  const failed = [names, skills].flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failed.length) throw new Error(`applicant copy postponed: ${failed.map((e) => e.message).join('; ')}`);
  const done = [names, skills].map((r) => (r as PromiseFulfilledResult<{ copied: number; more: boolean }>).value);
  return { names: done[0]!.copied, skills: done[1]!.copied, more: done.some((d) => d.more) };
}

/**
 * The account or itskill says the member changed (names, check-up): each of their applications (not erased) needs a
 * new copy, and the job that takes it is queued in the same transaction. How many applications that is.
 */
export async function memberChanged(app: FastifyInstance, userId: number): Promise<number> {
  return app.knex.transaction(async (trx) => {
    const changed = await createPeopleCopyRepository(trx).memberChanged(userId);
    if (changed) await app.jobs.sendIn(trx, 'applicant-copy', {});
    return changed;
  });
}
