import knexFactory from 'knex';
import { TEST_CARDS } from '@sq/stack/peers/sandbox-pg';
import { createOperator } from '../../../services/account/src/repositories/operator-accounts';
import type { RealStack } from './real-stack';
import { expectSuccess, gatewayClient, type Call } from './api';

/** A valid 1x1 PNG: what an upload needs to be accepted. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PASSWORD = 'sidequest1!';

export interface Member {
  email: string;
  password: string;
  token: string;
  userId: number;
  profileId: string;
  imgId: string;
  projectId: number;
  /** A second project experience, there to be deleted. */
  spareProjectId: number;
  /** A reserved application in the sprint cohort. */
  joinId: number;
  /** A reserved application in another program's cohort, there to be cancelled. */
  spareJoinId: number;
  surveyId: number;
  shareKey: string;
  /** A personal access token of the member's, there to be revoked. */
  personalTokenId: number;
  /** A webhook subscription of the member's (to an address that never resolves), with a delivery of their application's events. */
  webhookId: number;
  webhookDeliveryId: number;
  /** A second subscription, there to be deleted. */
  spareWebhookId: number;
}

export interface Operator {
  email: string;
  password: string;
  token: string;
  userId: number;
}

export interface AccessFixtures {
  call: Call;
  member: Member;
  other: Member;
  operator: Operator;
  /** The sprint cohort both members applied to; its board is published, so they have a team (`teamId` is member's). */
  oddId: number;
  teamId: number;
  /** A recruiting cohort nobody here applied to: the apply wizard's operations. */
  applyOddId: number;
  /** Valid answers of its `required` step. */
  requiredAnswers: Record<string, unknown>;
  /** An empty cohort the operator made: the console's board and cohort-wide operations. */
  adminOddId: number;
  adminProductId: number;
  /** A season not yet open, to open. */
  draftSeasonId: number;
  /** One question of the open check-up season and an option of it. */
  checkupQuestion: { questionId: number; optionId: number };
  /** A program slug and a published story and past project, for the public reads. */
  productSlug: string;
  storyId: number;
  pastProjectId: number;
  /** Signs everyone in again (after an operation that ends sessions: logout, password change). */
  refreshTokens(): Promise<void>;
}

let counter = 0;

async function signUp(
  call: Call,
  label: string,
): Promise<Pick<Member, 'email' | 'password' | 'token' | 'userId' | 'profileId'>> {
  counter += 1;
  const tag = `${label}${Date.now().toString(36).slice(-4)}${counter}`;
  const body = await expectSuccess(
    `sign-up ${label}`,
    call('POST', '/api/signUp', {
      body: {
        email: `${tag}@example.com`,
        contactEmail: `inbox-${tag}@example.com`,
        password: PASSWORD,
        pw_confirm: PASSWORD,
        username: '홍길동',
        useralias: `별명${tag}`.slice(0, 20),
        careerCardId: `cc${tag}`.slice(0, 20),
        userphone: '010-5555-6666',
        jobGroup: 'JG_DEV',
        position: 'POS_BACKEND',
        careerYears: 'CY_1_3Y',
        termsAgreed: true,
        privacyAgreed: true,
        marketingAgreed: false,
      },
    }),
  );
  const user = body.userData as { token: string; userId: number; profileId: string };
  return {
    email: `${tag}@example.com`,
    password: PASSWORD,
    token: user.token,
    userId: user.userId,
    profileId: user.profileId,
  };
}

export async function signIn(call: Call, account: { email: string; password: string }): Promise<string> {
  const body = await expectSuccess(`sign-in ${account.email}`, call('POST', '/api/signin', { body: account }));
  return (body.userData as { token: string }).token;
}

export function imageForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
  return form;
}

/** The check-up's base information (step A). */
export const CHECKUP_BASE = { jobGroupCode: 'JG_DEV', positionCode: 'POS_BACKEND', yearCode: 'CY_1_3Y' };

/** A cohort of `productId` recruiting in 2030: nobody applies to it. */
export const futureCohort = (productId: number) => ({
  productId,
  name: '권한 시험용 빈 기수',
  recruitStart: '2030-01-01T00:00:00+09:00',
  recruitEnd: '2030-01-10T23:59:59+09:00',
  teamBuildingAnnounceDate: null,
  kickoffDate: null,
  startDate: '2030-01-20',
  endDate: '2030-01-30',
  capacity: null,
  roleSeats: null,
});

export const projectBody = (title: string) => ({
  title,
  role: '백엔드 개발',
  startDate: '2025-01-01',
  endDate: '2025-03-31',
  description: '접근 권한 시험용 프로젝트',
  links: [],
  imgIds: [],
});

/** The answers of each step of the apply wizard, minimal but valid. */
export function stepAnswers(kind: string, email: string): [string, unknown][] {
  const steps: [string, unknown][] = [
    [
      'required',
      {
        contactEmail: email,
        phone: '01012345678',
        jobGroup: 'JG_DEV',
        position: 'POS_BACKEND',
        careerYears: 'CY_1_3Y',
        experienceMonths: 18,
        role: 'DEVELOPER',
      },
    ],
    [
      'aside',
      {
        portfolioUrl: 'https://portfolio.example.com/me',
        githubUrl: 'https://github.com/example',
        wantToBuild: '이웃과 나누는 서비스',
        availableTime: '평일 저녁',
        friendCareerCardIds: [],
      },
    ],
  ];
  const product: Record<string, unknown> = {
    TEAM_PROJECT: {
      kind: 'TEAM_PROJECT',
      motivation: '출시까지 해 보고 싶어요.',
      roleQuestions: { role: 'DEVELOPER', stack: ['TypeScript'], shippedExperience: '사내 도구' },
    },
    SPRINT: { kind: 'SPRINT', idea: '회의록 요약 봇', stack: ['Next.js'] },
    COURSE: { kind: 'COURSE', goals: '기획서 써 보기', planningExperience: '1회' },
  };
  if (product[kind]) steps.push(['product', product[kind]]);
  return steps;
}

/** The whole apply wizard through the gateway, the sandbox PG's card page included; the reserved application's id. */
async function applyAndReserve(call: Call, token: string, oddId: number, kind: string, email: string): Promise<number> {
  await expectSuccess('draft', call('POST', `/api/apply/${oddId}/draft`, { token }));
  for (const [step, answers] of stepAnswers(kind, email))
    await expectSuccess(`step ${step}`, call('PUT', `/api/apply/${oddId}/steps/${step}`, { token, body: answers }));
  const booked = await expectSuccess(
    'book',
    call('POST', `/api/apply/${oddId}/book`, {
      token,
      body: { agreeTerms: true, agreePrivacy: true, agreeRefundPolicy: true, device: 'desktop' },
    }),
  );
  const { payment, application } = booked as { payment: { paymentPageUrl: string }; application: { joinId: number } };
  const form = new URLSearchParams(new URL(payment.paymentPageUrl).searchParams);
  form.set('cardNumber', TEST_CARDS.ok);
  form.set('expiry', '12/30');
  form.set('birth', '900101');
  form.set('password', '12');
  const submitted = await fetch(new URL('/billing-keys/issue', payment.paymentPageUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(submitted.headers.get('location') ?? 'about:blank');
  await expectSuccess(
    'confirm',
    call('POST', `/api/apply/${oddId}/payment/confirm`, { token, body: Object.fromEntries(back.searchParams) }),
  );
  return application.joinId;
}

/** A completed IT skill check-up (every question answered with its first option). */
async function completeCheckup(call: Call, token: string): Promise<{ surveyId: number; shareKey: string }> {
  await expectSuccess('checkup start', call('POST', '/api/itskill/checkup/run', { token, body: CHECKUP_BASE }));
  const { run } = (await expectSuccess('checkup run', call('GET', '/api/itskill/checkup/run', { token }))) as {
    run: { surveyId: number; questions: { questionId: number; options: { optionId: number }[] }[] };
  };
  for (const question of run.questions) {
    await expectSuccess(
      'checkup answer',
      call('POST', '/api/itskill/checkup/run/answers', {
        token,
        body: { questionId: question.questionId, optionId: question.options[0]!.optionId },
      }),
    );
  }
  const submitted = (await expectSuccess(
    'checkup submit',
    call('POST', '/api/itskill/checkup/run/submit', { token, body: {} }),
  )) as { shareKey: string };
  return { surveyId: run.surveyId, shareKey: submitted.shareKey };
}

async function memberWithRecords(
  call: Call,
  label: string,
  cohorts: { oddId: number; kind: string }[],
): Promise<Member> {
  const account = await signUp(call, label);
  const { token } = account;
  const upload = await expectSuccess('upload', call('POST', '/api/fileUpload', { token, body: imageForm() }));
  // The list comes back newest first.
  const newest = async (title: string) =>
    (
      (await expectSuccess(title, call('POST', '/api/profile/project', { token, body: projectBody(title) })))
        .projects as { projectId: number }[]
    )[0]!.projectId;
  const projectId = await newest(`${label}의 프로젝트`);
  const spareProjectId = await newest(`${label}의 두 번째 프로젝트`);
  // Subscribed before applying: the application's changes are queued as deliveries of this subscription.
  const subscribe = async (events: string[]) =>
    (
      (
        await expectSuccess(
          'webhook',
          call('POST', '/api/webhooks', { token, body: { url: `https://hooks-${label}.invalid/sq`, events } }),
        )
      ).webhook as { webhookId: number }
    ).webhookId;
  const webhookId = await subscribe(['application.state_changed', 'teams.published']);
  const spareWebhookId = await subscribe(['cohort.opened']);
  const joinIds: number[] = [];
  for (const cohort of cohorts)
    joinIds.push(await applyAndReserve(call, token, cohort.oddId, cohort.kind, `apply-${label}@example.com`));
  const checkup = await completeCheckup(call, token);
  const created = (await expectSuccess(
    'personal token',
    call('POST', '/api/tokens', {
      token,
      body: { name: `${label}의 토큰`, scopes: ['applications:read'], expiresInDays: 30 },
    }),
  )) as { summary: { tokenId: number } };
  const deliveries = (
    await expectSuccess('webhook deliveries', call('GET', `/api/webhooks/${webhookId}/deliveries`, { token }))
  ).deliveries as { deliveryId: number }[];
  if (!deliveries.length) throw new Error(`no webhook delivery for ${label}'s application`);
  return {
    personalTokenId: created.summary.tokenId,
    webhookId,
    webhookDeliveryId: deliveries[0]!.deliveryId,
    spareWebhookId,
    ...account,
    imgId: upload.imgId as string,
    projectId,
    spareProjectId,
    joinId: joinIds[0]!,
    spareJoinId: joinIds[1] ?? joinIds[0]!,
    ...checkup,
  };
}

/** The operator, made the way `npm run create-operator` makes one, signed in through the gateway. */
async function makeOperator(call: Call, stack: RealStack): Promise<Operator> {
  const email = `ops-${Date.now().toString(36)}@example.com`;
  const password = 'operator-access-1!';
  const knex = knexFactory({
    client: 'pg',
    connection: stack.services.account.databaseUrl,
    searchPath: ['account'],
    pool: { min: 0, max: 1 },
  });
  try {
    await createOperator(knex, { email, name: '김운영', password });
  } finally {
    await knex.destroy();
  }
  const token = await signIn(call, { email, password });
  const me = await expectSuccess('operator me', call('GET', '/api/meOauth', { token }));
  return { email, password, token, userId: (me.userData as { userId: number }).userId };
}

interface CohortRow {
  oddId: number;
  recruiting: boolean;
}
interface ProductRow {
  productId: number;
  slug: string;
  kind: string;
  cohorts: CohortRow[];
}

/** Two members with their own card, projects, image, applications and check-up result; an operator; public ids. */
export async function createAccessFixtures(stack: RealStack): Promise<AccessFixtures> {
  const call = gatewayClient(stack.url);
  const { products } = (await expectSuccess('products', call('GET', '/api/products'))) as { products: ProductRow[] };
  const recruiting = (kind: string) => {
    const product = products.find((p) => p.kind === kind && p.cohorts.some((c) => c.recruiting));
    const cohort = product?.cohorts.find((c) => c.recruiting);
    if (!product || !cohort) throw new Error(`no recruiting ${kind} cohort in the demo calendar`);
    return { oddId: cohort.oddId, kind, slug: product.slug, productId: product.productId };
  };
  const sprint = recruiting('SPRINT');
  const teamProject = recruiting('TEAM_PROJECT');
  const generic = recruiting('GENERIC');
  // Independent of each other: made side by side. A sprint team needs three, so a third member applies too.
  const [member, other, operator] = await Promise.all([
    memberWithRecords(call, 'mem', [sprint, teamProject]),
    memberWithRecords(call, 'oth', [sprint]),
    makeOperator(call, stack),
    signUp(call, 'thi').then((third) =>
      applyAndReserve(call, third.token, sprint.oddId, sprint.kind, 'apply-thi@example.com'),
    ),
  ]);
  const admin = { token: operator.token };

  // The operator builds and announces the sprint's teams, as the console does: the members get a team.
  await expectSuccess(
    'board run',
    call('POST', `/api/admin/cohorts/${sprint.oddId}/board/run`, { ...admin, body: {} }),
  );
  await expectSuccess('board publish', call('POST', `/api/admin/cohorts/${sprint.oddId}/board/publish`, admin));
  // Publishing charges each placed member on the job queue; the rows about a running team need it done.
  await Promise.all([member, other].map((m) => untilAssigned(call, m.token, m.joinId)));
  const { team } = (await expectSuccess(
    'member team',
    call('GET', `/api/applications/${member.joinId}/team`, { token: member.token }),
  )) as { team: { teamId: number } };
  const made = (await expectSuccess(
    'admin cohort',
    call('POST', '/api/admin/cohorts', { ...admin, body: futureCohort(generic.productId) }),
  )) as { cohort: { oddId: number } };
  const season = (await expectSuccess(
    'draft season',
    call('POST', '/api/admin/itskill/seasons', { ...admin, body: { title: '다음 시즌' } }),
  )) as { season: { surveyId: number } };
  // The member's check-up is done; a new run is under way (its questions are what the answer row sends).
  const run = (await expectSuccess(
    'checkup rerun',
    call('POST', '/api/itskill/checkup/run', { token: member.token, body: CHECKUP_BASE }),
  )) as { run: { questions: { questionId: number; options: { optionId: number }[] }[] } };
  const question = run.run.questions[0]!;
  const stories = (await expectSuccess('stories', call('GET', '/api/stories'))) as {
    stories: { items: { storyId: number }[] };
  };
  const projects = (await expectSuccess('past projects', call('GET', '/api/projects'))) as {
    projects: { items: { projectId: number }[] };
  };
  return {
    call,
    member,
    other,
    operator,
    oddId: sprint.oddId,
    teamId: team.teamId,
    applyOddId: generic.oddId,
    requiredAnswers: stepAnswers('GENERIC', 'apply-fresh@example.com')[0]![1] as Record<string, unknown>,
    adminOddId: made.cohort.oddId,
    adminProductId: generic.productId,
    draftSeasonId: season.season.surveyId,
    checkupQuestion: { questionId: question.questionId, optionId: question.options[0]!.optionId },
    productSlug: sprint.slug,
    storyId: stories.stories.items[0]!.storyId,
    pastProjectId: projects.projects.items[0]!.projectId,
    async refreshTokens() {
      member.token = await signIn(call, member);
      other.token = await signIn(call, other);
      operator.token = await signIn(call, operator);
    },
  };
}

/** Waits (30 s at most) for the publish's charge job to move the member's application to ASSIGNED. */
async function untilAssigned(call: Call, token: string, joinId: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const body = (await expectSuccess(
      'application after publish',
      call('POST', '/api/join/history/one', { token, body: { joinId } }),
    )) as { application: { state: string } };
    if (body.application.state === 'ASSIGNED') return;
    if (Date.now() > deadline)
      throw new Error(`application ${joinId} is ${body.application.state}, not ASSIGNED, 30 s after publishing`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
