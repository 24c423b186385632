import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES } from '@sq/contracts';
import { ApiError } from '@sq/service-kit';
import {
  APPLICATION_STATES,
  APPLICATION_STATE_NAMES,
  APPLICATION_TRANSITIONS,
  ENDED_STATES,
  LIVE_STATES,
  canTransition,
  type ApplicationState,
} from '@sq/contracts/api/applications';
import { createProgramsService } from '../src/service';
import { transition } from '../src/core/transition';

let service: TestService;
beforeAll(async () => {
  service = await build(createProgramsService({ clock: () => new Date('2026-11-24T12:00:00+09:00') }), { seed: true });
});
afterAll(async () => {
  await service?.close();
});

const PAIRS = APPLICATION_STATES.flatMap((from) => APPLICATION_STATES.map((to) => [from, to] as const));

describe('the application state machine (data)', () => {
  it('names every state in Korean and splits them into live and ended', () => {
    for (const state of APPLICATION_STATES) expect(APPLICATION_STATE_NAMES[state]).toMatch(/^[가-힣 ]+$/);
    expect([...LIVE_STATES, ...ENDED_STATES].sort()).toEqual([...APPLICATION_STATES].sort());
    expect(LIVE_STATES.filter((s) => ENDED_STATES.includes(s))).toEqual([]);
  });

  it('follows the issue: reserved programs are charged when assigned, ended states lead nowhere but a full refund', () => {
    expect(canTransition('DRAFT', 'SUBMITTED')).toBe(true);
    expect(canTransition('SUBMITTED', 'RESERVED')).toBe(true);
    expect(canTransition('RESERVED', 'TEAM_BUILDING')).toBe(true);
    expect(canTransition('TEAM_BUILDING', 'ASSIGNED')).toBe(true);
    expect(canTransition('ASSIGNED', 'COMPLETED')).toBe(true);
    expect(canTransition('DRAFT', 'RESERVED')).toBe(false);
    expect(canTransition('DRAFT', 'PAID')).toBe(false);
    for (const ended of ['CANCELLED', 'AUTO_CANCELLED', 'REFUNDED', 'DROPPED', 'COMPLETED'] as const)
      expect(APPLICATION_TRANSITIONS[ended]).toEqual([]);
    expect(APPLICATION_TRANSITIONS.PARTIALLY_REFUNDED).toEqual(['REFUNDED']);
    // Every target is a known state and no state moves to itself.
    for (const [from, targets] of Object.entries(APPLICATION_TRANSITIONS)) {
      for (const to of targets) {
        expect(APPLICATION_STATES).toContain(to);
        expect(to).not.toBe(from);
      }
    }
  });
});

describe('transition() on the database: every legal and illegal pair', () => {
  it(`applies the ${PAIRS.filter(([f, t]) => canTransition(f, t)).length} legal transitions with a history row, and refuses the others with 409 changing nothing`, async () => {
    const knex = service.app.knex;
    let userId = 700_000;
    for (const [from, to] of PAIRS) {
      userId += 1;
      const [row] = await knex('application')
        .insert({ odd_id: 112, user_id: userId, role: 'PLANNER', status: from })
        .returning('*');
      const attempt = knex.transaction((trx) =>
        transition(trx, {
          joinId: row.join_id,
          to,
          actor: 'OPERATOR',
          actorUserId: 1,
          reason: `${from}->${to}`,
          changes: { current_step: 'book' },
        }),
      );
      if (canTransition(from, to)) {
        await expect(attempt, `${from} -> ${to}`).resolves.toMatchObject({ from, to });
        const after = await knex('application').where({ join_id: row.join_id }).first();
        expect(after).toMatchObject({ status: to, current_step: 'book' });
        const history = await knex('application_history').where({ join_id: row.join_id });
        expect(history).toEqual([
          expect.objectContaining({
            from_status: from,
            to_status: to,
            actor: 'OPERATOR',
            actor_user_id: 1,
            reason: `${from}->${to}`,
          }),
        ]);
      } else {
        const error = await attempt.then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, `${from} -> ${to}`).toBeInstanceOf(ApiError);
        expect((error as ApiError).statusCode).toBe(409);
        expect((error as ApiError).message).toBe(
          MESSAGES.applyIllegalTransition
            .replace('{from}', APPLICATION_STATE_NAMES[from as ApplicationState])
            .replace('{to}', APPLICATION_STATE_NAMES[to as ApplicationState]),
        );
        expect(await knex('application').where({ join_id: row.join_id }).first()).toMatchObject({
          status: from,
          current_step: 'required',
        });
        expect(await knex('application_history').where({ join_id: row.join_id })).toEqual([]);
      }
      // The next pair starts from a clean slate for this member and cohort.
      await knex('application').where({ join_id: row.join_id }).delete();
    }
  });

  it('rolls the state back when the rest of the transaction fails (history and change commit together)', async () => {
    const knex = service.app.knex;
    const [row] = await knex('application')
      .insert({ odd_id: 112, user_id: 799_999, role: 'PLANNER', status: 'RESERVED' })
      .returning('*');
    await expect(
      knex.transaction(async (trx) => {
        await transition(trx, { joinId: row.join_id, to: 'CANCELLED', actor: 'MEMBER' });
        throw new Error('the PG call after it failed');
      }),
    ).rejects.toThrow();
    expect((await knex('application').where({ join_id: row.join_id }).first()).status).toBe('RESERVED');
    expect(await knex('application_history').where({ join_id: row.join_id })).toEqual([]);
  });

  it('keeps one live application per member and cohort in the database', async () => {
    const knex = service.app.knex;
    await knex('application').insert({ odd_id: 112, user_id: 798_000, role: 'PLANNER', status: 'DRAFT' });
    await expect(
      knex('application').insert({ odd_id: 112, user_id: 798_000, role: 'PLANNER', status: 'PAYMENT_FAILED' }),
    ).rejects.toMatchObject({ code: '23505' });
    await knex('application').where({ user_id: 798_000 }).update({ status: 'CANCELLED' });
    await expect(
      knex('application').insert({ odd_id: 112, user_id: 798_000, role: 'PLANNER', status: 'DRAFT' }),
    ).resolves.toBeTruthy();
    await expect(
      knex('application').insert({ odd_id: 112, user_id: 798_001, role: 'PLANNER', status: 'UNKNOWN' }),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
