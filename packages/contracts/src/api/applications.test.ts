import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import {
  APPLY_FLOWS,
  answerStepsOf,
  applyPaths,
  asideStepSchema,
  bookRequestSchema,
  productStepSchema,
  requiredStepSchema,
} from './applications';

const required = {
  contactEmail: ' Me@Example.com ',
  phone: '01012345678',
  jobGroup: 'JG_DEV',
  position: 'POS_BACKEND',
  careerYears: 'CY_1_3Y',
  experienceMonths: 18,
  role: 'DEVELOPER',
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('apply flows (spec section 2)', () => {
  it('orders the steps of each flow as the spec lists them', () => {
    expect(APPLY_FLOWS.TEAM_PROJECT.steps).toEqual(['intro', 'required', 'aside', 'product', 'book']);
    expect(APPLY_FLOWS.SPRINT.steps).toEqual(['required', 'aside', 'product', 'book']);
    expect(APPLY_FLOWS.COURSE.steps).toEqual(['intro', 'required', 'aside', 'product', 'book']);
    expect(APPLY_FLOWS.GENERIC.steps).toEqual(['required', 'aside', 'book']);
    expect(answerStepsOf('GENERIC')).toEqual(['required', 'aside']);
  });

  it('builds the spec paths, the mobile callbacks (bisde spelled so) and the result pages', () => {
    expect(applyPaths.step('TEAM_PROJECT', 'bside', 112)).toBe('/bside/apply/112');
    expect(applyPaths.step('TEAM_PROJECT', 'bside', 112, 'product')).toBe('/bside/apply/112/bside');
    expect(applyPaths.step('SPRINT', 'potenday', 212)).toBe('/potenday/apply/212/required');
    expect(applyPaths.step('COURSE', 'planx', 304, 'book')).toBe('/planx/apply/304/book');
    expect(applyPaths.step('GENERIC', 'portfolio-review', 401, 'aside')).toBe('/product/apply/401/aside');
    expect(applyPaths.dupcheck('GENERIC', 'portfolio-review', 401)).toBe('/product/apply/401/dupcheck');
    expect(['TEAM_PROJECT', 'SPRINT', 'COURSE', 'GENERIC'].map((k) => applyPaths.callback(k as never, 9))).toEqual([
      '/bisde/cb/9',
      '/potenday/cb/9',
      '/planx/cb/9',
      '/product/cb/9',
    ]);
    expect(applyPaths.success('TEAM_PROJECT', 'bside', 5)).toBe('/bside/book/success/5');
    expect(applyPaths.success('GENERIC', 'portfolio-review', 5)).toBe('/product/book/success/5');
    expect(applyPaths.fail('TEAM_PROJECT', 'bside', 112)).toBe('/bside/book/fail/112');
  });
});

describe('step schemas (the screens and the service validate with the same ones)', () => {
  it('normalises the required step and refuses bad values in Korean', () => {
    const parsed = z.safeParse(requiredStepSchema, required);
    expect(parsed.data).toMatchObject({ contactEmail: 'me@example.com', phone: '010-1234-5678' });
    expect(messages(z.safeParse(requiredStepSchema, { ...required, role: 'CEO', experienceMonths: -1 }))).toEqual([
      MESSAGES.applyExperienceRequired,
      MESSAGES.applyRoleRequired,
    ]);
    expect(messages(z.safeParse(requiredStepSchema, {}))).toContain(MESSAGES.contactEmailRequired);
  });

  it('checks links, duplicates among friends and the weekly hours of the aside step', () => {
    const aside = { wantToBuild: '서비스', availableTime: '저녁', friendCareerCardIds: ['minji'] };
    expect(z.safeParse(asideStepSchema, aside).success).toBe(true);
    expect(messages(z.safeParse(asideStepSchema, { ...aside, githubUrl: 'javascript:alert(1)' }))).toEqual([
      MESSAGES.applyUrlFormat,
    ]);
    expect(messages(z.safeParse(asideStepSchema, { ...aside, friendCareerCardIds: ['minji', 'MINJI'] }))).toEqual([
      MESSAGES.applyFriendDuplicate,
    ]);
    expect(messages(z.safeParse(asideStepSchema, { ...aside, weeklyHours: 0 }))).toEqual([MESSAGES.applyWeeklyHours]);
  });

  it('asks each program its own questions and the book step every consent', () => {
    expect(z.safeParse(productStepSchema, { kind: 'SPRINT', idea: '아이디어', stack: ['React'] }).success).toBe(true);
    expect(
      z.safeParse(productStepSchema, {
        kind: 'TEAM_PROJECT',
        motivation: '이유',
        roleQuestions: { role: 'PLANNER', serviceExperience: '경험', documentTools: ['Notion'] },
      }).success,
    ).toBe(true);
    expect(z.safeParse(productStepSchema, { kind: 'GENERIC' }).success).toBe(false);
    expect(messages(z.safeParse(bookRequestSchema, { agreeTerms: true, agreePrivacy: true }))).toEqual([
      MESSAGES.applyConsentRequired,
    ]);
  });
});
