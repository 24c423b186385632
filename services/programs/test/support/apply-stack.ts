import type { AddressInfo } from 'node:net';
import { build, type TestService } from '@sq/service-kit/testing';
import { startMailSink, type MailSink } from '@sq/stack/peers/mail-sink';
import { TEST_CARDS, generateWebhookSecret, startSandboxPg, type SandboxPg } from '@sq/stack/peers/sandbox-pg';
import type { Identity } from '@sq/contracts';
import { careercardService } from '../../../careercard/src/service';
import { createProgramsService } from '../../src/service';
import { readProgramsConfig, type ProgramsConfig } from '../../src/config';
import { memberCustomerId } from '../../src/core/deps';

export { TEST_CARDS };

/** The day the tests run on: the demo's 14-week (112), sprint (212), course (304) and generic (401) cohorts all recruit. */
export const TODAY = new Date('2026-11-24T12:00:00+09:00');
export const SITE_URL = 'http://localhost:8080';

export interface ApplyStack {
  programs: TestService;
  careercard: TestService;
  pg: SandboxPg;
  mail: MailSink;
  config: ProgramsConfig;
  /** Moves the service's (and the PG's) clock. */
  setNow(date: Date): void;
  now(): Date;
  close(): Promise<void>;
}

/**
 * The programs service on a real database with its real peers: the sandbox PG (in-process, loopback), the
 * careercard service (friend lookups) and the SMTP sink. Jobs run when a test drains them.
 */
export async function startApplyStack(): Promise<ApplyStack> {
  let now = TODAY;
  const clock = () => now;
  const mail = await startMailSink({ smtpPort: 0, httpPort: 0 });
  const secret = generateWebhookSecret();
  const pg = await startSandboxPg({
    apiSecret: 'test-pg-secret',
    storeId: 'store-test',
    webhookSecret: secret,
    webhookUrl: null,
    clock,
  });
  process.env.UPLOAD_DIR ??= '/tmp/sq-programs-test-uploads';
  const careercard = await build(careercardService);
  await careercard.app.listen({ port: 0, host: '127.0.0.1' });
  process.env.CAREERCARD_SERVICE_URL = `http://127.0.0.1:${(careercard.app.server.address() as AddressInfo).port}`;
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(mail.smtpPort);
  // The peers' URLs and the SMTP sink set above, then this stack's PG and jobs.
  const config = readProgramsConfig({
    ...process.env,
    PG_API_URL: pg.url,
    PG_API_SECRET: 'test-pg-secret',
    PG_STORE_ID: 'store-test',
    PG_WEBHOOK_SECRET: secret,
    SITE_URL,
    PROGRAMS_JOB_WORKERS: 'false',
    PAYMENT_REPAIR_AFTER_SECONDS: '0',
  });
  const programs = await build(createProgramsService({ clock, config }));
  return {
    programs,
    careercard,
    pg,
    mail,
    config,
    setNow(date) {
      now = date;
    },
    now: clock,
    async close() {
      await programs.close();
      await careercard.close();
      await pg.close();
      await mail.close();
    },
  };
}

/** The PG customer id the service gives a member's card pages (an HMAC of the user id, so it cannot be guessed from the browser). */
export const customerIdFor = (stack: ApplyStack, userId: number) =>
  memberCustomerId(stack.config.pg.customerIdSecret, userId);

let nextUser = 500_000 + Math.floor(Math.random() * 100_000);
/** A fresh member identity (the account service's user id space; no account row is needed here). */
export function newMember(): Identity {
  nextUser += 1;
  return { userId: nextUser, role: 'ROLE_USER', sid: `sid-${nextUser}` };
}

export function requiredAnswers(overrides: Record<string, unknown> = {}) {
  return {
    contactEmail: `member${nextUser}@example.com`,
    phone: '01012345678',
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    careerYears: 'CY_1_3Y',
    experienceMonths: 18,
    role: 'DEVELOPER',
    ...overrides,
  };
}

export const asideAnswers = (overrides: Record<string, unknown> = {}) => ({
  portfolioUrl: 'https://portfolio.example.com/me',
  githubUrl: 'https://github.com/example',
  wantToBuild: '동네 이웃과 중고 육아용품을 나누는 서비스',
  availableTime: '평일 저녁 2시간, 주말 오후',
  friendCareerCardIds: [],
  ...overrides,
});

export const PRODUCT_ANSWERS = {
  TEAM_PROJECT: {
    kind: 'TEAM_PROJECT',
    motivation: '출시까지 해 보고 싶어요.',
    roleQuestions: {
      role: 'DEVELOPER',
      stack: ['TypeScript', 'React'],
      shippedExperience: '사내 백오피스를 만들었어요.',
    },
  },
  SPRINT: { kind: 'SPRINT', idea: '10일 안에 만드는 회의록 요약 봇', stack: ['Next.js'] },
  COURSE: {
    kind: 'COURSE',
    goals: '서비스 기획서를 처음부터 끝까지 써 보기',
    planningExperience: '사이드 프로젝트 기획 1회',
  },
} as const;
