import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import { alerts, launchBrowser, newPage } from '../src/browser';
import { DEMO_MEMBER, signInContext } from '../src/session';
import { siteApi } from '../src/api';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}`;

const api = (path: string, init: { body?: unknown; token?: string | null } = {}) => siteApi(baseUrl, path, init);

/** A valid 1x1 PNG made here (signature, IHDR, IDAT, IEND with CRCs). */
function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = zlib.deflateSync(Buffer.from([0, 0x3a, 0x5b, 0xff]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Takes the IT skill check-up through the gateway (every answer the third option); returns the result's share key. */
async function takeCheckup(token: string): Promise<string> {
  const started = await api('/itskill/checkup/run', { token, body: { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const run = started.body.run as { questions: { questionId: number; options: { optionId: number }[] }[] };
  for (const question of run.questions) {
    const saved = await api('/itskill/checkup/run/answers', {
      token,
      body: { questionId: question.questionId, optionId: question.options[2]!.optionId },
    });
    expect(saved.status).toBe(200);
  }
  const submitted = await api('/itskill/checkup/run/submit', { token, body: {} });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return submitted.body.shareKey as string;
}

const next = (page: Page) => page.getByRole('button', { name: '다음', exact: true }).click();

describe('career card, my info and withdrawal of a new member', () => {
  it('makes a card through onboarding, edits it, shares it publicly, edits my info and withdraws', async () => {
    const id = unique('cc');
    const password = 'sidequest1!';
    const email = `${id}@example.com`;
    const phone = `010-7${String(Date.now() % 1000).padStart(3, '0')}-4321`;
    const signUp = await api('/signUp', {
      body: {
        email,
        contactEmail: email,
        password,
        pw_confirm: password,
        username: '카드회원',
        useralias: id,
        careerCardId: id,
        userphone: phone,
        jobGroup: 'JG_DEV',
        position: 'POS_BACKEND',
        careerYears: 'CY_1_3Y',
        termsAgreed: true,
        privacyAgreed: true,
      },
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    const shareKey = await takeCheckup((signUp.body.userData as { token: string }).token);

    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await page.goto(`${baseUrl}/signin?to=${encodeURIComponent('/careercard/find-myprofile')}`);
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호').fill(password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();

    // No card made yet: find-myprofile starts onboarding.
    await page.waitForURL(`${baseUrl}/careercard/onboarding/job`);
    await page.locator('#jobGroup option[value="JG_PLAN"]').waitFor({ state: 'attached' });
    await page.getByLabel('직군').selectOption('JG_PLAN');
    await page.getByLabel('포지션').selectOption('POS_PM');
    await next(page);
    await page.waitForURL(`${baseUrl}/careercard/onboarding/career`);
    await page.locator('#careerYears option[value="CY_3_5Y"]').waitFor({ state: 'attached' });
    await page.getByLabel('경력').selectOption('CY_3_5Y');
    await next(page);
    await page.waitForURL(`${baseUrl}/careercard/onboarding/intro`);
    await page.getByLabel('소개', { exact: true }).fill('사용자 인터뷰로 문제를 좁히는 기획자입니다.');
    await next(page);
    await page.waitForURL(`${baseUrl}/careercard/onboarding/cover`);

    // Leaving and coming back resumes at the step reached.
    await page.goto(`${baseUrl}/careercard/find-myprofile`);
    await page.waitForURL(`${baseUrl}/careercard/onboarding/cover`);
    await page
      .getByLabel('커버 이미지')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: onePixelPng() });
    await page.locator('[data-testid=cover-preview][src^="/media/uploads/"]').waitFor();
    await next(page);
    await page.waitForURL(`${baseUrl}/careercard/onboarding/skills`);
    for (const skill of ['Figma', 'SQL']) {
      await page.getByLabel('스킬', { exact: true }).fill(skill);
      await page.getByLabel('스킬', { exact: true }).press('Enter');
    }
    await next(page);
    await page.waitForURL(`${baseUrl}/careercard/onboarding/project`);
    await page.getByLabel('프로젝트 이름').fill('동네 장보기 앱');
    await page.getByLabel('맡은 역할').fill('서비스 기획');
    await page.getByLabel('시작일').fill('2026-03-02');
    await page.getByLabel('종료일').fill('2026-06-30');
    await page.getByLabel('한 일').fill('사용자 인터뷰 12회로 핵심 기능을 정했어요.');
    await page.getByRole('button', { name: '저장하고 카드 보기' }).click();

    await page.waitForURL(`${baseUrl}/careercard/${id}`);
    const view = page.getByTestId('careercard-view');
    await view.getByText('사용자 인터뷰로 문제를 좁히는 기획자입니다.').waitFor();
    await view.getByText('동네 장보기 앱').waitFor();
    await view.getByText('Figma').waitFor();
    expect(await view.locator('img[src^="/media/uploads/"]').count()).toBeGreaterThan(0);

    // The owner edits: a too-long intro is refused and what was typed stays; then a valid one saves.
    await page.getByTestId('careercard-edit').click();
    await page.waitForURL(`${baseUrl}/careercard/${id}/edit`);
    const intro = page.getByRole('textbox', { name: '소개', exact: true });
    await intro.fill('가'.repeat(1001));
    await page.getByTestId('save-intro').click();
    await page.getByText(MESSAGES.introLength).waitFor();
    expect((await intro.inputValue()).length).toBe(1001);
    await intro.fill('팀이 같은 그림을 보도록 문서를 설계하는 기획자입니다.');
    await page.getByTestId('save-intro').click();
    await page.getByRole('status').getByText(MESSAGES.profileSaved).first().waitFor();

    await page.getByRole('button', { name: '수정', exact: true }).click();
    await page.getByLabel('프로젝트 이름').fill('같이 장보기');
    await page.getByRole('button', { name: '프로젝트 저장' }).click();
    await page.getByTestId('editor-projects').getByText('같이 장보기').waitFor();

    // The IT skill check-up level stays off the public card until the owner turns it on.
    expect((await api(`/profile/${id}`)).body.profile).toMatchObject({ skillLevel: null });
    await expect.poll(() => page.getByTestId('editor-skill-level').textContent()).toMatch(/^최근 결과: Lv\.[1-5] /);
    expect(await page.getByTestId('show-skill-level').isChecked()).toBe(false);
    await page.getByTestId('show-skill-level').check();
    await page.getByTestId('save-skill-level').click();
    await expect
      .poll(
        async () =>
          ((await api(`/profile/${id}`)).body.profile as { skillLevel: { shareKey: string } | null }).skillLevel
            ?.shareKey,
      )
      .toBe(shareKey);

    // Profile save: the header's name follows about 2 s later.
    const menu = page.getByRole('button', { name: new RegExp(`^${id}`) });
    await menu.waitFor();
    const alias = `${id}새`;
    await page.getByLabel('닉네임').fill(alias);
    await page.getByTestId('save-profile').click();
    await page.getByRole('button', { name: new RegExp(`^${alias}`) }).waitFor({ timeout: 10_000 });

    // Signed out, the public card shows the edits and no edit button.
    const visitor = await newPage(browser);
    await visitor.page.goto(`${baseUrl}/careercard/${id}`);
    const publicView = visitor.page.getByTestId('careercard-view');
    await publicView.getByText('팀이 같은 그림을 보도록 문서를 설계하는 기획자입니다.').waitFor();
    await publicView.getByText('같이 장보기').waitFor();
    expect(await visitor.page.getByTestId('careercard-edit').count()).toBe(0);
    // The member's name, with the nickname next to it; never the private contact details.
    expect(await publicView.getByRole('heading', { level: 1 }).textContent()).toBe(`카드회원 닉네임 ${alias}`);
    expect(await publicView.getByTestId('careercard-alias').textContent()).toBe(`닉네임 ${alias}`);
    const publicHtml = await publicView.innerHTML();
    expect(publicHtml).not.toContain(email);
    expect(publicHtml).not.toContain(phone);
    // The level the owner chose to show, linking to the public result page (another bundle).
    expect(await publicView.getByTestId('careercard-skill-level').textContent()).toMatch(
      /^IT 스킬 Lv\.[1-5] (입문|초급|중급|숙련|전문가)$/,
    );
    await publicView.getByRole('link', { name: /IT 스킬 Lv/ }).click();
    await visitor.page.waitForURL(`${baseUrl}/itskillcheckup/result/${shareKey}`);
    await visitor.page.getByTestId('itskill-result').waitFor();
    await visitor.page.goBack();
    await publicView.getByText('같이 장보기').click();
    await visitor.page.getByTestId('project-page').getByText('사용자 인터뷰 12회로 핵심 기능을 정했어요.').waitFor();
    // Messengers see the project page's own title in the HTML.
    const projectHtml = await (await fetch(visitor.page.url())).text();
    expect(projectHtml).toContain('<meta property="og:title" content="같이 장보기 · ');
    await visitor.context.close();

    // Another member trying the editor is sent away with the spec's message.
    const other = await newPage(browser);
    await signInContext(other.context, baseUrl, DEMO_MEMBER);
    const otherAlerts = alerts(other.page);
    await other.page.goto(`${baseUrl}/careercard/${id}/edit`);
    await other.page.waitForURL(`${baseUrl}/`);
    expect(otherAlerts).toContain(MESSAGES.wrongTokenOnRouting);
    await other.context.close();

    // My info: the phone is formatted as typed; the name saves.
    await page.goto(`${baseUrl}/mypage/info`);
    await page.getByTestId('my-info-form').waitFor();
    await page.getByLabel('이름').fill('새이름');
    await page.getByLabel('연락처').fill('01098765432');
    expect(await page.getByLabel('연락처').inputValue()).toBe('010-9876-5432');
    await page.getByLabel(/^Notion 이메일/).fill(`${id}@notion.example.com`);
    await page.getByTestId('save-info').click();
    await page.getByRole('status').getByText(MESSAGES.profileSaved).waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('sq.token'));
    expect((await api('/meOauth', { token })).body.userData).toMatchObject({
      userName: '새이름',
      userPhone: '010-9876-5432',
      notionEmailCheckYn: 'Y',
    });
    // The public card shows the new name.
    expect((await api(`/profile/${id}`)).body.profile).toMatchObject({ userName: '새이름', userAlias: alias });

    // Withdrawal, after the notice of what is deleted and what the law keeps.
    await page.getByLabel('탈퇴 사유').selectOption('LOW_USE');
    await page.getByTestId('withdraw').click();
    const dialog = page.getByRole('dialog', { name: '정말 탈퇴할까요?' });
    await dialog.getByText('계약 및 결제 기록: 5년').waitFor();
    await dialog.getByText('로그인 기록: 3개월').waitFor();
    await page.getByTestId('withdraw-agree').check();
    await page.getByTestId('withdraw-confirm').click();
    await page.waitForURL(`${baseUrl}/`);
    expect(seen).toContain(MESSAGES.withdrawalDone);

    const signIn = await api('/signin', { body: { email, password } });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(MESSAGES.badLogin);
    expect((await api(`/profile/${id}`)).status).toBe(404);
    await context.close();
  });
});
