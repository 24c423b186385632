/**
 * `npx tsx e2e/bench/apply.ts`: submissions per second through the gateway with 50 concurrent members, and
 * the p50/p99 latency of each call of the apply wizard. No bundles are built (API only): services, gateway,
 * sandbox PG and a fresh PostgreSQL on free ports.
 *
 * One submission = start the draft, save required, aside and the program step, book, submit the card on
 * the sandbox PG's hosted page, confirm (RESERVED). Each member then cancels (the reservation is released)
 * and applies again, so 50 members keep submitting for BENCH_SECONDS. Timings are this machine's; printed,
 * never asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { startTestDatabase } from '@sq/stack/database';
import { freePort } from '@sq/stack/free-port';
import { DATA_DIR, prepareDataDir } from '@sq/stack/paths';
import { startStack } from '@sq/stack/stack';
import type { ServiceName } from '@sq/service-kit';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** The demo's recruiting 14-week cohort (seeds move it with the calendar). */
const ODD_ID = 112;

const database = await startTestDatabase('sidequest_bench_apply');
prepareDataDir();
const cdnDir = fs.mkdtempSync(path.join(DATA_DIR, 'bench-apply-'));
const services = ['account', 'content', 'programs', 'careercard', 'itskill'] as ServiceName[];
const servicePorts = Object.fromEntries(
  await Promise.all(services.map(async (name) => [name, await freePort()])),
) as Record<ServiceName, number>;
const stack = await startStack({
  port: await freePort(),
  servicePorts,
  cdnDir,
  logDir: path.join(cdnDir, 'logs'),
  database,
  build: false,
  extraEnv: {
    RATE_LIMIT_MAX: '1000000',
    SIGNIN_MAX_FAILURES_PER_IP: '100000',
    SIGNUP_MAX_PER_IP: '100000',
    LOG_LEVEL: 'warn',
  },
});

const site = new Pool(stack.url.replace('localhost', '127.0.0.1'), { connections: MEMBERS, pipelining: 1 });
const latencies = new Map<string, number[]>();
let errors = 0;

async function call(
  label: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const begin = performance.now();
  const response = await site.request({
    method,
    path: url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.body.json()) as Record<string, unknown>;
  const list = latencies.get(label) ?? [];
  list.push(performance.now() - begin);
  latencies.set(label, list);
  if (response.statusCode >= 300) {
    errors += 1;
    throw new Error(`${label}: ${response.statusCode} ${JSON.stringify(json)}`);
  }
  return json;
}

async function signUp(i: number): Promise<string> {
  const tag = `${Date.now().toString(36).slice(-4)}${i}`;
  const body = await call('signUp', 'POST', '/api/signUp', null, {
    email: `bench${tag}@example.com`,
    contactEmail: `bench${tag}@example.com`,
    password: 'sidequest1!',
    pw_confirm: 'sidequest1!',
    username: '벤치회원',
    useralias: `벤치${tag}`.slice(0, 20),
    careerCardId: `bench${tag}`.slice(0, 20),
    userphone: '010-5555-6666',
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    careerYears: 'CY_1_3Y',
    termsAgreed: true,
    privacyAgreed: true,
    marketingAgreed: false,
  });
  return (body.userData as { token: string }).token;
}

async function submitOnce(token: string, email: string): Promise<number> {
  await call('draft', 'POST', `/api/apply/${ODD_ID}/draft`, token, {});
  await call('step required', 'PUT', `/api/apply/${ODD_ID}/steps/required`, token, {
    contactEmail: email,
    phone: '010-5555-6666',
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    careerYears: 'CY_1_3Y',
    experienceMonths: 24,
    role: 'DEVELOPER',
  });
  await call('step aside', 'PUT', `/api/apply/${ODD_ID}/steps/aside`, token, {
    wantToBuild: '벤치마크 서비스',
    availableTime: '평일 저녁',
    friendCareerCardIds: [],
  });
  await call('step product', 'PUT', `/api/apply/${ODD_ID}/steps/product`, token, {
    kind: 'TEAM_PROJECT',
    motivation: '출시 경험',
    roleQuestions: { role: 'DEVELOPER', stack: ['TypeScript'], shippedExperience: '사내 도구' },
  });
  const book = (
    await call('book', 'POST', `/api/apply/${ODD_ID}/book`, token, {
      agreeTerms: true,
      agreePrivacy: true,
      agreeRefundPolicy: true,
    })
  ).payment as { paymentPageUrl: string };
  const form = new URLSearchParams(new URL(book.paymentPageUrl).searchParams);
  for (const [k, v] of Object.entries({
    cardNumber: '4242424242424242',
    expiry: '12/30',
    birth: '900101',
    password: '12',
  }))
    form.set(k, v);
  const card = await fetch(new URL('/billing-keys/issue', book.paymentPageUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const query = Object.fromEntries(new URL(card.headers.get('location')!).searchParams);
  const confirmed = await call('confirm', 'POST', `/api/apply/${ODD_ID}/payment/confirm`, token, query);
  return (confirmed.application as { joinId: number }).joinId;
}

const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

try {
  const tokens = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => signUp(i)));
  const submissions: number[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      const email = `bench-member-${i}@example.com`;
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          const joinId = await submitOnce(token, email);
          submissions.push(performance.now() - begin);
          await call('cancel', 'POST', `/api/applications/${joinId}/cancel`, token, {});
        } catch (error) {
          console.error(String(error).slice(0, 300));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  submissions.sort((a, b) => a - b);
  console.log(`\nApply wizard through the gateway: ${MEMBERS} concurrent members, ${seconds.toFixed(1)} s`);
  console.log(
    `  submissions (6 calls + card page each)  ${(submissions.length / seconds).toFixed(1)} /s   p50 ${pick(submissions, 0.5).toFixed(0)} ms   p99 ${pick(submissions, 0.99).toFixed(0)} ms   errors ${errors}`,
  );
  // The PG's webhooks reach the programs service through the gateway (signed raw body): all should be taken in.
  await stack.sandboxPg.webhooksSettled();
  const deliveries = stack.sandboxPg.state().webhooks;
  const accepted = deliveries.filter((d) =>
    d.attempts.some((a) => a.status !== null && a.status >= 200 && a.status < 300),
  ).length;
  console.log(
    `  PG webhooks accepted by the service: ${accepted} of ${deliveries.length}   machine load average ${os.loadavg()[0]!.toFixed(1)} (${os.cpus().length} cores)`,
  );
  for (const [label, list] of latencies) {
    if (label === 'signUp') continue;
    list.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(14)} ${String(list.length).padStart(6)} calls   p50 ${pick(list, 0.5).toFixed(1).padStart(7)} ms   p99 ${pick(list, 0.99).toFixed(1).padStart(7)} ms`,
    );
  }
} finally {
  await site.close();
  await stack.stop();
  await database.stop();
  fs.rmSync(cdnDir, { recursive: true, force: true });
}
