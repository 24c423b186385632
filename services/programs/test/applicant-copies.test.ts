import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '@sq/contracts';
import type { AdminApplicant, ApplicantListResponse } from '@sq/contracts/api/operators/applicants';
import { DEV_INTERNAL_SECRET, generateJwtKeys } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { freePort } from '@sq/stack/free-port';
import { accountService } from '../../account/src/service';
import { createProgramsClient } from '../../account/src/clients/programs-client';
import { createPeopleChangeOutbox } from '../../account/src/repositories/withdrawal-repository';
import { closedPortUrl } from '../../account/test/support/peers';
import { buildItskill, call, member, takeCheckup } from '../../itskill/test/support';
import { copyDuePeople } from '../src/operators/people-copy';
import { createPeopleClient } from '../src/clients/people-client';
import { createProgramsService } from '../src/service';

/**
 * Who the applicants are, as the operators' list searches and filters them (OPERATORS.md, "Who the applicants
 * are"): each application holds a copy of its member's name, nickname and career card ID (account) and IT skill
 * level (itskill), taken by the applicant-copy job, taken again when the account or itskill says the member changed
 * (their outboxes, delivered over real HTTP here), and erased with the member's personal data.
 */
const ADMIN: Identity = { userId: 900_201, role: 'ROLE_ADMIN', sid: 'sid-copies-admin' };
const FIRST_USER = 7_001;
/** Applicants of the cohort: every third is a designer; names share the syllable 솔 every fourth. */
const APPLICANTS = 24;

let account: TestService;
let itskill: TestService;
let programs: TestService;
let oddId: number;
/**
 * The account and itskill reach programs through this relay, which the tests can cut (503, as a programs that is
 * down or redeploying): their outboxes then keep the signal and deliver it later.
 */
let relay: http.Server;
let programsUp = true;
const joinOf = new Map<number, number>();

const urlOf = (port: number) => `http://127.0.0.1:${port}`;
const nameOf = (i: number) => (i % 4 === 0 ? `한솔${i}호` : `김민${i}호`);

beforeAll(async () => {
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY ??= keys.privateKey;
  process.env.JWT_PUBLIC_KEY ??= keys.publicKey;
  // Each service calls the others on loopback: the ports are known before any is built (each reads its peers then).
  const [accountPort, itskillPort, programsPort] = [await freePort(), await freePort(), await freePort()];
  relay = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!programsUp) return void response.writeHead(503).end();
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>;
      void fetch(`${urlOf(programsPort)}${request.url}`, {
        method: request.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }).then(async (answer) => {
        response
          .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
          .end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    ACCOUNT_SERVICE_URL: urlOf(accountPort),
    ITSKILL_SERVICE_URL: urlOf(itskillPort),
    PROGRAMS_SERVICE_URL: urlOf((relay.address() as AddressInfo).port),
    PROGRAMS_TIMEOUT_MS: '2000',
    CAREERCARD_RETIRE_RETRY_MS: '0',
  });
  account = await build(accountService, { seed: false });
  await account.app.listen({ port: accountPort, host: '127.0.0.1' });
  itskill = await buildItskill({ PROGRAMS_OUTBOX_RETRY_MS: '0' });
  await itskill.app.listen({ port: itskillPort, host: '127.0.0.1' });
  programs = await build(createProgramsService(), { seed: false });
  await programs.app.listen({ port: programsPort, host: '127.0.0.1' });

  const created = await admin('POST', '/api/admin/cohorts', {
    productId: 2,
    name: '검색 기수',
    recruitStart: '2030-01-01T00:00:00+09:00',
    recruitEnd: '2030-01-10T23:59:59+09:00',
    teamBuildingAnnounceDate: null,
    kickoffDate: null,
    startDate: '2030-01-13',
    endDate: '2030-01-22',
    capacity: null,
    roleSeats: null,
  });
  expect(created.statusCode, created.body).toBe(200);
  oddId = created.json().cohort.oddId;
  for (let i = 0; i < APPLICANTS; i++) {
    const userId = FIRST_USER + i;
    // Half without a career card: changing their names asks nothing of the careercard service (not running here).
    await account.app.knex('user_account').insert({
      user_id: userId,
      email: `m${userId}@example.com`,
      contact_email: `c${userId}@example.com`,
      user_name: nameOf(i),
      user_alias: `별명${userId}`,
      user_phone: '01012345678',
      profile_id: i % 2 ? null : `Card${userId}`,
    });
    const [row] = await programs.app
      .knex('application')
      .insert({
        odd_id: oddId,
        user_id: userId,
        role: i % 3 ? 'DEVELOPER' : 'DESIGNER',
        status: 'RESERVED',
        current_step: 'book',
        submitted_at: new Date(Date.UTC(2030, 0, 2, 0, i)),
        answers: JSON.stringify({ aside: { friendCareerCardIds: [] } }),
      })
      .returning('join_id');
    joinOf.set(userId, row.join_id);
  }
  // The copies are due from the applications' creation; the job takes them from the account and itskill.
  await copyNow();
});
afterAll(async () => {
  await programs?.close();
  await itskill?.close();
  await account?.close();
  relay?.closeAllConnections();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  programs.app.inject({ method, url, headers: programs.as(ADMIN), ...(payload ? { payload } : {}) });
async function copyNow(): Promise<void> {
  await programs.app.jobs.send('applicant-copy', {});
  await programs.app.jobs.drain('applicant-copy');
}
async function list(query: string): Promise<ApplicantListResponse> {
  const response = await admin('GET', `/api/admin/cohorts/${oddId}/applicants?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const ids = (applicants: AdminApplicant[]) => applicants.map((a) => a.joinId);
const joinsOf = (keep: (i: number) => boolean) =>
  Array.from({ length: APPLICANTS }, (_, i) => i)
    .filter(keep)
    .map((i) => joinOf.get(FIRST_USER + i)!);

describe('applicant copies', () => {
  it('finds applicants by part of their name, nickname or career card ID, with the other filters and a page at a time', async () => {
    const sol = joinsOf((i) => i % 4 === 0);
    const first = await list(`q=${encodeURIComponent('솔')}&pageSize=4`);
    expect(first).toMatchObject({ total: sol.length, pageCount: Math.ceil(sol.length / 4) });
    const second = await list(`q=${encodeURIComponent('솔')}&pageSize=4&page=2`);
    expect([...ids(first.applicants), ...ids(second.applicants)]).toEqual(sol);
    expect(first.applicants[0]).toMatchObject({
      name: nameOf(0),
      alias: `별명${FIRST_USER}`,
      careerCardId: `Card${FIRST_USER}`,
      skillLevel: null,
    });

    // With a filter of the list: designers among them (every third applicant).
    expect(ids((await list(`q=${encodeURIComponent('솔')}&role=DESIGNER`)).applicants)).toEqual(
      joinsOf((i) => i % 4 === 0 && i % 3 === 0),
    );
    // A nickname and a career card ID, any case.
    expect(ids((await list(`q=${encodeURIComponent(`별명${FIRST_USER + 5}`)}`)).applicants)).toEqual(
      joinsOf((i) => i === 5),
    );
    expect(ids((await list(`q=card${FIRST_USER + 6}`)).applicants)).toEqual(joinsOf((i) => i === 6));
    expect((await list(`q=${encodeURIComponent('없는이름')}`)).total).toBe(0);
  });

  it('takes a changed name and nickname again when the account says so: the new ones are found, the old ones not', async () => {
    const userId = FIRST_USER + 3;
    const changed = await account.app.inject({
      method: 'POST',
      url: '/api/updateUser',
      headers: account.as({ userId, role: 'ROLE_USER', sid: `sid-${userId}` }),
      payload: { username: '이새봄', useralias: '새봄이' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The account's outbox delivered the change to programs in that request; the job takes the copy.
    expect(
      await account.app.knex('programs_people_change').where({ user_id: userId }).first('done_at', 'attempts'),
    ).toMatchObject({ attempts: 1 });
    await copyNow();
    expect(ids((await list(`q=${encodeURIComponent('새봄')}`)).applicants)).toEqual(joinsOf((i) => i === 3));
    expect((await list(`q=${encodeURIComponent('새봄')}`)).applicants[0]).toMatchObject({
      name: '이새봄',
      alias: '새봄이',
    });
    expect(ids((await list(`q=${encodeURIComponent(nameOf(3))}`)).applicants)).toEqual([]);
  });

  it('keeps a change the account could not announce while programs was down, and announces it on its retry', async () => {
    const userId = FIRST_USER + 7;
    programsUp = false;
    const changed = await account.app.inject({
      method: 'POST',
      url: '/api/updateUser',
      headers: account.as({ userId, role: 'ROLE_USER', sid: `sid-${userId}` }),
      payload: { useralias: '늦게온별명' },
    });
    // The member's change stands; the signal waits in the account's outbox.
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      await account.app.knex('programs_people_change').where({ user_id: userId }).first('done_at', 'attempts'),
    ).toEqual({ done_at: null, attempts: 1 });
    await copyNow();
    expect((await list(`q=${encodeURIComponent('늦게온')}`)).total).toBe(0);

    programsUp = true;
    // The retry job's own code, as the account's timer runs it, once the back-off has passed.
    const outbox = createPeopleChangeOutbox({
      knex: account.app.knex,
      programs: createProgramsClient({
        baseUrl: process.env.PROGRAMS_SERVICE_URL!,
        internalSecret: DEV_INTERNAL_SECRET,
        timeoutMs: 2_000,
        log: console,
      }),
      log: console,
    });
    expect(await outbox.deliverDue(new Date(Date.now() + 3_600_000))).toBe(1);
    await copyNow();
    expect(ids((await list(`q=${encodeURIComponent('늦게온')}`)).applicants)).toEqual(joinsOf((i) => i === 7));
  });

  it('takes a new IT skill level when itskill says a check-up was completed or attached to an application', async () => {
    const userId = FIRST_USER + 8;
    const joinId = joinOf.get(userId)!;
    expect(ids((await list('skillLevel=5')).applicants)).toEqual([]);
    // Every answer at the top: level 5, as itskill scores it. Its outbox tells programs in the same request.
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 3);
    await copyNow();
    expect(ids((await list('skillLevel=5')).applicants)).toEqual([joinId]);
    expect(ids((await list('skillLevel=none')).applicants)).not.toContain(joinId);

    // The member attaches that result to the application, then does worse: the application keeps the attached one,
    // and a second application of theirs (another cohort) follows the latest.
    const survey = (await itskill.app.knex('survey').where({ status: 'OPEN', is_demo: false }).first('survey_id'))
      .survey_id as number;
    const attached = await call(itskill, member(itskill, userId), 'POST', '/api/getMyinfoSkill', {
      surveyId: survey,
      joinId,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 0);
    const other = await admin('POST', '/api/admin/cohorts', {
      productId: 2,
      name: '다른 기수',
      recruitStart: '2030-02-01T00:00:00+09:00',
      recruitEnd: '2030-02-10T23:59:59+09:00',
      teamBuildingAnnounceDate: null,
      kickoffDate: null,
      startDate: '2030-02-13',
      endDate: '2030-02-22',
      capacity: null,
      roleSeats: null,
    });
    const otherOdd = other.json().cohort.oddId as number;
    const [second] = await programs.app
      .knex('application')
      .insert({ odd_id: otherOdd, user_id: userId, role: 'DEVELOPER', status: 'RESERVED', submitted_at: new Date() })
      .returning('join_id');
    await copyNow();
    expect((await list('skillLevel=5')).applicants.map((a) => [a.joinId, a.skillLevel])).toEqual([[joinId, 5]]);
    const elsewhere = await admin('GET', `/api/admin/cohorts/${otherOdd}/applicants?skillLevel=1`);
    expect(elsewhere.json().applicants.map((a: AdminApplicant) => a.joinId)).toEqual([second.join_id]);
  });

  it('keeps a copy due while a peer does not answer, and takes it once it does', async () => {
    const userId = FIRST_USER + 10;
    await programs.app.inject({
      method: 'POST',
      url: `/internal/users/${userId}/people-changed`,
      headers: programs.internalHeaders,
    });
    await account.app.knex('user_account').where({ user_id: userId }).update({ user_name: '나중에바뀐이름' });
    const downAccount = createPeopleClient({
      accountUrl: await closedPortUrl(),
      itskillUrl: process.env.ITSKILL_SERVICE_URL!,
      internalSecret: DEV_INTERNAL_SECRET,
      timeoutMs: 2_000,
    });
    const settings = { batchSize: 100, maxRounds: 5 };
    await expect(copyDuePeople(programs.app.knex, downAccount, settings)).rejects.toThrow(/applicant copy postponed/);
    // The level was copied (itskill answered); the names are still the old copy, and still due.
    const row = await programs.app
      .knex('application')
      .where({ join_id: joinOf.get(userId)! })
      .first('member_name', 'names_version', 'skill_version', 'people_version');
    expect(row).toMatchObject({ member_name: nameOf(10), skill_version: row.people_version });
    expect(row.names_version).toBeLessThan(row.people_version);
    await copyNow();
    expect((await list(`q=${encodeURIComponent('나중에바뀐')}`)).applicants.map((a) => a.name)).toEqual([
      '나중에바뀐이름',
    ]);
  });

  it("erases the copies with a withdrawn member's personal data: not found by name, never copied again", async () => {
    const userId = FIRST_USER + 4;
    const joinId = joinOf.get(userId)!;
    expect(ids((await list(`q=${encodeURIComponent(nameOf(4))}`)).applicants)).toEqual([joinId]);
    const erased = await programs.app.inject({
      method: 'POST',
      url: `/internal/users/${userId}/erase-personal-data`,
      headers: programs.internalHeaders,
      payload: { nickname: `별명${userId}`, careerCardId: `Card${userId}` },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // A late signal of the member's changes finds nothing to copy again.
    const late = await programs.app.inject({
      method: 'POST',
      url: `/internal/users/${userId}/people-changed`,
      headers: programs.internalHeaders,
    });
    expect(late.json()).toMatchObject({ applications: 0 });
    await copyNow();
    for (const q of [nameOf(4), `별명${userId}`, `card${userId}`])
      expect((await list(`q=${encodeURIComponent(q)}`)).total, q).toBe(0);
    const listed = (await list('pageSize=100')).applicants.find((a) => a.joinId === joinId)!;
    expect(listed).toMatchObject({ name: null, alias: null, careerCardId: null, skillLevel: null });
    expect(
      await programs.app
        .knex('application')
        .where({ join_id: joinId })
        .first('member_name', 'member_nickname', 'member_career_card_id', 'skill_level'),
    ).toEqual({ member_name: null, member_nickname: null, member_career_card_id: null, skill_level: null });
  });
});
