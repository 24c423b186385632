import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  CONSUMER_MESSAGES,
  SCOPE_LABELS,
  missingScopeMessage,
  type ConsumerScope,
  type PersonalTokenCreatedResponse,
} from '@sq/contracts';
import type { JoinHistoryResponse } from '@sq/contracts/api/applications';
import type { MyTeamResponse } from '@sq/contracts/api/operators/sprint';
import {
  QUICKSTART_JOIN_ID_PLACEHOLDER,
  QUICKSTART_TOKEN_PLACEHOLDER,
  quickstartSteps,
  quickstartText,
} from '@sq/contracts/developers-quickstart';
import { SquadApiError, createSquadClient } from '@sq/api-sdk';
import { siteApi } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { seoulDay, sprintTeams, type Sprinter } from '../src/sprint-team';

/**
 * API consumers on the started site, as a member would be one: members of a running sprint team make personal
 * access tokens through the site's API as my page does (POST /api/tokens with their session), then the SDK's
 * example check-in bot (packages/api-sdk/examples/checkin-bot.ts), run as a program, reads their applications and
 * checks in; its refusals (revoked token, missing scope, quota) come out in the gateway's Korean. And the
 * quickstart the /developers page shows is read off the page and run with curl, as a reader would paste it.
 * The programs service's clock is on day 2 of the sprint at 10:00 in Korea, whatever the hour of the run.
 */
const baseUrl = inject('baseUrl');
const ROOT = path.resolve(import.meta.dirname, '../..');
const BOT = 'packages/api-sdk/examples/checkin-bot.ts';
const { setClock, runningTeam } = sprintTeams({
  baseUrl,
  programsUrl: inject('programsUrl'),
  internalSecret: inject('internalSecret'),
});

let browser: Browser;
let members: Sprinter[];
const sprintDay = seoulDay(10);
beforeAll(async () => {
  browser = await launchBrowser();
  ({ members } = await runningTeam(['김봇주인', '박컬', '이퀵']));
  await setClock(`${sprintDay}T10:00:00+09:00`);
});
afterAll(async () => {
  await setClock(null);
  await browser?.close();
});

/** A personal access token made as /mypage/tokens makes it (the member's session, the form's fields). */
async function makeToken(
  member: Sprinter,
  name: string,
  scopes: ConsumerScope[],
): Promise<{ secret: string; tokenId: number }> {
  const made = await siteApi<PersonalTokenCreatedResponse>(baseUrl, '/tokens', {
    token: member.token,
    body: { name, scopes, expiresInDays: 30 },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { secret: made.body.token, tokenId: made.body.summary.tokenId };
}

/** The bot as its user runs it (`npx tsx packages/api-sdk/examples/checkin-bot.ts --base-url ...`, the token in SQ_TOKEN). */
function runBot(token: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [BOT, '--base-url', baseUrl, ...args],
      { cwd: ROOT, env: { ...process.env, SQ_TOKEN: token }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

const history = async (member: Sprinter) =>
  (await siteApi<JoinHistoryResponse>(baseUrl, '/join/history', { token: member.token })).body.applications;
const team = async (member: Sprinter) =>
  (
    await siteApi<MyTeamResponse & { ErrorCode: string }>(baseUrl, `/applications/${member.joinId}/team`, {
      token: member.token,
    })
  ).body;

describe('API consumers', () => {
  it('the check-in bot reads the member’s applications and checks in to their sprint with a token made as my page makes it', async () => {
    const me = members[0]!;
    const { secret } = await makeToken(me, '체크인 봇', ['applications:read', 'sprint:checkin']);
    expect((await team(me)).checkedInToday).toBe(false);

    const run = await runBot(secret);
    expect(run.code, run.stderr).toBe(0);
    const [application] = await history(me);
    expect(run.stdout).toContain('내 지원 내역 1건');
    expect(run.stdout).toContain(`#${me.joinId} ${application!.productName} ${application!.cohortName} · 팀 배정 완료`);
    expect(run.stdout).toMatch(new RegExp(`체크인 완료: #${me.joinId} .* · ${sprintDay} 10:00:\\d\\d\\n`));
    expect(run.stdout).toMatch(/요청 한도: 분당 \d+\/60, 하루 \d+\/5000 남음/);
    // What the member sees on my page: today's check-in is done.
    expect((await team(me)).checkedInToday).toBe(true);

    // Run again the same day: the gateway repeats the first answer for the same Idempotency-Key.
    const again = await runBot(secret);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(`체크인 완료: #${me.joinId} .* · ${sprintDay} 10:00:\\d\\d \\(이미 보낸 요청의 응답\\)`),
    );
  });

  it('prints the gateway’s refusals in Korean: a missing scope (403), a revoked token (401), the quota with Retry-After (429)', async () => {
    const member = members[1]!;
    const readOnly = await makeToken(member, '읽기 전용', ['applications:read']);
    const missing = await runBot(readOnly.secret);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('내 지원 내역 1건');
    expect(missing.stdout).toContain(`체크인하지 못했어요: #${member.joinId}`);
    expect(missing.stdout).toContain(
      `오류 (HTTP 403, ErrorCode 43): ${missingScopeMessage('sprint:checkin', SCOPE_LABELS['sprint:checkin'])}`,
    );
    expect((await team(member)).checkedInToday).toBe(false);

    // Revoked on my page: refused at once.
    expect(
      (await siteApi(baseUrl, `/tokens/${readOnly.tokenId}`, { method: 'DELETE', token: member.token })).status,
    ).toBe(200);
    const revoked = await runBot(readOnly.secret);
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toContain(`오류 (HTTP 401, ErrorCode 41): ${CONSUMER_MESSAGES.consumerTokenInvalid}`);
    expect(revoked.stderr).toContain('마이페이지 > API 토큰에서 새 토큰을 만들어 주세요.');

    // A token that has used its minute: the SDK says so in a typed way, and so does the bot.
    const busy = await makeToken(member, '바쁜 토큰', ['applications:read']);
    const squad = createSquadClient({ baseUrl, token: busy.secret });
    let refusal: SquadApiError | null = null;
    for (let i = 0; i < 300 && !refusal; i += 1) {
      refusal = await squad.call(squad.api.GET('/api/join/history')).then(
        () => null,
        (error: unknown) => (error instanceof SquadApiError ? error : Promise.reject(error)),
      );
    }
    expect(refusal).toMatchObject({
      status: 429,
      code: '29',
      message: CONSUMER_MESSAGES.consumerQuotaExceeded,
      overQuota: true,
    });
    expect(refusal!.retryAfterSeconds).toBeGreaterThan(0);
    expect(refusal!.rateLimit.windows.find((w) => w.name === 'minute')).toMatchObject({ limit: 60, remaining: 0 });
    const overQuota = await runBot(busy.secret, '--list');
    expect(overQuota.code).toBe(1);
    expect(overQuota.stderr).toContain(`오류 (HTTP 429, ErrorCode 29): ${CONSUMER_MESSAGES.consumerQuotaExceeded}`);
    expect(overQuota.stderr).toMatch(/\d+초 뒤에 다시 실행해 주세요\./);
  });

  it('the quickstart on /developers works as shown', async () => {
    const member = members[2]!;
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl}/developers`);
    const shown = page.getByTestId('developers-quickstart');
    await shown.waitFor();
    const version = (await page.getByTestId('developers-version').textContent())!;
    const origin = new URL(baseUrl).origin;
    expect(await shown.textContent()).toBe(quickstartText(origin, version));
    await context.close();

    // Step 1 as the reader does it: a token with the scopes the steps name, pasted into the shell.
    const { secret } = await makeToken(member, '빠른 시작', ['applications:read', 'sprint:checkin']);
    const steps = quickstartSteps(origin, version);
    const setup = steps.filter((step) => step.kind === 'setup').map((step) => step.command);
    expect(setup.join('\n')).toContain(QUICKSTART_TOKEN_PLACEHOLDER);
    const script = (command: string) =>
      [...setup, command]
        .join('\n')
        .replace(QUICKSTART_TOKEN_PLACEHOLDER, secret)
        .replaceAll(QUICKSTART_JOIN_ID_PLACEHOLDER, String(member.joinId));
    const sh = (command: string) =>
      new Promise<unknown>((resolve, reject) =>
        execFile('sh', ['-c', script(command)], { timeout: 30_000 }, (error, stdout) =>
          error ? reject(error) : resolve(JSON.parse(stdout)),
        ),
      );

    const [read, checkIn] = steps.filter((step) => step.kind === 'request');
    expect(read!.command).toContain('/api/join/history');
    const applications = await sh(read!.command);
    expect(applications).toMatchObject({
      ErrorCode: '00',
      applications: [{ joinId: member.joinId, state: 'ASSIGNED' }],
    });

    expect(checkIn!.command).toContain(QUICKSTART_JOIN_ID_PLACEHOLDER);
    const first = await sh(checkIn!.command);
    expect(first).toMatchObject({ ErrorCode: '00', day: sprintDay });
    expect((await team(member)).checkedInToday).toBe(true);
    // Sent again with the same key: the same answer.
    expect(await sh(checkIn!.command)).toEqual(first);
  });
});
