import type { AccessFixtures } from './access-fixtures';
import { CHECKUP_BASE, futureCohort, imageForm, projectBody } from './access-fixtures';

/** What is sent for one operation: the concrete path (and query) and the body, the same for every role. */
export interface OpRequest {
  path: string;
  body?: unknown;
}

/** A well-formed token nobody was given (43 url-safe characters: the shape of reset tokens and exchange codes). */
const UNKNOWN_TOKEN = 'A'.repeat(43);

/**
 * Path parameters by name: the member's own records (their application, project, card, result), so that the
 * "other" column asks for someone else's record; public ids for the public reads; the operators' objects.
 */
function pathParam(name: string, path: string, fx: AccessFixtures): string | number {
  const { member } = fx;
  switch (name) {
    case 'joinId':
      return member.joinId;
    case 'oddId':
      return path.startsWith('/api/apply/')
        ? fx.applyOddId
        : path.startsWith('/api/admin/cohorts/')
          ? fx.adminOddId
          : fx.oddId;
    case 'projectId':
      return path.startsWith('/api/profile/') ? member.projectId : fx.pastProjectId;
    case 'storyId':
      return fx.storyId;
    case 'productIdOrSlug':
      return fx.productSlug;
    case 'shareKey':
      return member.shareKey;
    case 'provider':
      return 'google';
    case 'token':
      return UNKNOWN_TOKEN;
    case 'teamId':
      return fx.teamId;
    case 'step':
      return 'required';
    case 'imgId':
      return member.imgId;
    case 'file':
      return 'badge-recruiting.svg';
    case 'remote':
      return 'mfe_access_matrix';
    // Content management acts on the seeded header banner (the first banner of a fresh database).
    case 'kind':
      return 'banner';
    case 'itemId':
      return 1;
    // No such exception in the money queue: the operator's action answers 404 after every access check.
    case 'exceptionId':
      return 999_999_999;
    case 'webhookId':
      return member.webhookId;
    case 'deliveryId':
      return member.webhookDeliveryId;
    case 'appId':
      return 999_999_999;
    case 'grantId':
      return UNKNOWN_TOKEN;
    case 'id':
      if (path.startsWith('/api/profile/')) return member.profileId;
      if (path.startsWith('/api/setWithdrawal/')) return member.userId;
      return fx.draftSeasonId;
    default:
      throw new Error(`no value for path parameter {${name}} of ${path}`);
  }
}

export function fillPath(template: string, fx: AccessFixtures): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(pathParam(name, template, fx))));
}

const PARTNER_APP = {
  name: '권한 점검 앱',
  ownerEmail: 'dev@partner.example',
  scopes: ['programs:read'],
  tier: 'partner',
  redirectUris: [],
};

let signUps = 0;
/** A complete sign-up form, new each time (every caller that signs up makes a real account). */
function signUpForm() {
  signUps += 1;
  const tag = `new${Date.now().toString(36).slice(-4)}${signUps}`;
  return {
    email: `${tag}@example.com`,
    contactEmail: `inbox-${tag}@example.com`,
    password: 'sidequest1!',
    pw_confirm: 'sidequest1!',
    username: '김신규',
    useralias: `신규${tag}`,
    careerCardId: `cc${tag}`,
    userphone: '010-7777-8888',
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    careerYears: 'CY_1_3Y',
    termsAgreed: true,
    privacyAgreed: true,
    marketingAgreed: false,
  };
}

/**
 * Query strings and bodies, where an operation needs more than its path: minimal and valid, so that the status
 * says whether the caller got through (see the convention in access-matrix.ts). Record ids are the member's.
 */
const EXTRA: Record<string, (fx: AccessFixtures) => Partial<OpRequest>> = {
  'GET /api/common/getCodeGroupDetail': () => ({ path: '/api/common/getCodeGroupDetail?groupId=JOB_GROUP' }),
  'GET /api/open/check/careercard': () => ({ path: '/api/open/check/careercard?profileId=freecardid' }),
  'GET /api/open/check/contact-email': () => ({
    path: '/api/open/check/contact-email?contactEmail=free%40example.com',
  }),
  'GET /api/open/check/email': () => ({ path: '/api/open/check/email?email=free%40example.com' }),
  'GET /api/open/isCheckId': () => ({ path: `/api/open/isCheckId?id=${encodeURIComponent('빈별명')}` }),
  'GET /api/project/getLeftMenuByProductId': (fx) => ({
    path: `/api/project/getLeftMenuByProductId?productId=${fx.adminProductId}`,
  }),
  'GET /api/point/skill': () => ({ path: '/api/point/skill?reasonCode=SKILL_CHECKUP' }),
  'GET /api/admin/teams/{teamId}/replacements': (fx) => ({
    path: `/api/admin/teams/${fx.teamId}/replacements?role=DEVELOPER`,
  }),
  'GET /api/oauth/{provider}/callback': () => ({ path: `/api/oauth/google/callback?code=x&state=${UNKNOWN_TOKEN}` }),

  'POST /api/signin': (fx) => ({ body: { email: fx.member.email, password: 'not-the-password-1!' } }),
  'POST /api/signUp': () => ({ body: signUpForm() }),
  // A complete form with a ticket no OAuth exchange handed out.
  'POST /api/snsSignUp': () => {
    const { email: _email, password: _password, pw_confirm: _confirm, ...form } = signUpForm();
    return { body: { ...form, ticket: UNKNOWN_TOKEN } };
  },
  'POST /api/oauth/exchange': () => ({ body: { code: UNKNOWN_TOKEN } }),
  // A page view of a shell-owned route: the one remote every gateway knows, registry or not.
  'POST /api/rum': () => ({
    body: {
      shellVersion: '1.0.0',
      events: [{ kind: 'view', navigation: 'load', route: '/signin', remote: 'shell', remoteVersion: '1.0.0' }],
    },
  }),
  'POST /api/findEmail': () => ({ body: { name: '홍길동', phone: '010-0000-0000' } }),
  // A new stranger's e-mail per caller: the answer is the same for members and strangers, but a second request for
  // one e-mail within the minute is 429 (the limit counts requested e-mails, member or not).
  'POST /api/password-reset': () => ({
    body: { email: `nobody-${(signUps += 1)}@example.com`, phone: '010-0000-0000' },
  }),
  'POST /api/change/password': () => ({
    body: { token: UNKNOWN_TOKEN, password: 'changed-pass-1!', pw_confirm: 'changed-pass-1!' },
  }),
  'PUT /api/change/password': () => ({
    body: { token: UNKNOWN_TOKEN, password: 'changed-pass-1!', pw_confirm: 'changed-pass-1!' },
  }),
  'POST /api/payments/webhook': () => ({ body: { type: 'Transaction.Paid', data: {} } }),

  'POST /api/updateUser': () => ({ body: { marketingAgreed: false } }),
  'POST /api/user/detail': () => ({ body: { jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' } }),
  // The wrong current password: the status shows the caller reached the check without ending anyone's session.
  'POST /api/user/password': () => ({
    body: { currentPassword: 'not-the-password-1!', password: 'changed-pass-1!', pw_confirm: 'changed-pass-1!' },
  }),
  'POST /api/point/skill': () => ({ body: { reasonCode: 'SKILL_CHECKUP' } }),
  'POST /api/setWithdrawal/{id}': () => ({ body: { reasonCode: 'LOW_USE', agreed: true } }),

  'POST /api/fileUpload': () => ({ body: imageForm() }),
  'POST /api/insertMyinfo': (fx) => ({ body: { jobCode: 'JG_DEV', yearCode: 'CY_1_3Y', imgId: fx.member.imgId } }),
  'POST /api/updateMyinfo': (fx) => ({ body: { intro: '소개', imgId: fx.member.imgId } }),
  'POST /api/profile': (fx) => ({ body: { jobGroup: 'JG_DEV', careerYears: 'CY_1_3Y', imgId: fx.member.imgId } }),
  'POST /api/profile/cover': (fx) => ({ body: { coverImgId: fx.member.imgId } }),
  'POST /api/profile/intro': () => ({ body: { intro: '접근 권한 시험 소개' } }),
  'POST /api/profile/skill-visibility': () => ({ body: { showSkillLevel: true } }),
  'POST /api/profile/skills': () => ({ body: { skills: ['TypeScript'] } }),
  'POST /api/profile/project': () => ({ body: projectBody('새 프로젝트') }),
  'PUT /api/profile/project/{projectId}': () => ({ body: projectBody('고친 프로젝트') }),
  'DELETE /api/profile/project/{projectId}': (fx) => ({ path: `/api/profile/project/${fx.member.spareProjectId}` }),
  'POST /api/profile/project/order': (fx) => ({
    body: { projectIds: [fx.member.spareProjectId, fx.member.projectId] },
  }),

  'PUT /api/apply/{oddId}/steps/{step}': (fx) => ({ body: fx.requiredAnswers }),
  'POST /api/apply/{oddId}/book': () => ({
    body: { agreeTerms: true, agreePrivacy: true, agreeRefundPolicy: true, device: 'desktop' },
  }),
  'POST /api/apply/{oddId}/payment/confirm': () => ({
    body: { issueId: 'sq-0-issue-1', code: 'CANCELLED', message: '취소' },
  }),
  'POST /api/join/history/one': (fx) => ({ body: { joinId: fx.member.joinId } }),
  'POST /api/tokens': () => ({ body: { name: '스크립트', scopes: ['careercard:read'], expiresInDays: 7 } }),
  'DELETE /api/tokens/{tokenId}': (fx) => ({ path: `/api/tokens/${fx.member.personalTokenId}` }),
  'POST /api/webhooks': () => ({ body: { url: 'https://hooks-new.invalid/sq', events: ['teams.published'] } }),
  'DELETE /api/webhooks/{webhookId}': (fx) => ({ path: `/api/webhooks/${fx.member.spareWebhookId}` }),
  'POST /api/admin/partner-apps': () => ({ body: PARTNER_APP }),
  'PUT /api/admin/partner-apps/{appId}': () => ({ body: PARTNER_APP }),
  'POST /api/applications/{joinId}/cancel': (fx) => ({
    path: `/api/applications/${fx.member.spareJoinId}/cancel`,
    body: { reason: '일정이 맞지 않아요' },
  }),
  'PUT /api/applications/{joinId}/submission': () => ({
    body: {
      projectName: '요약 봇',
      description: '회의록을 요약해요',
      repositoryUrl: 'https://github.com/example/bot',
      demoUrl: null,
      images: [],
    },
  }),
  'POST /api/getMyinfoSkill': (fx) => ({ body: { surveyId: fx.member.surveyId, joinId: fx.member.joinId } }),

  'POST /api/itskill/checkup/run': () => ({ body: CHECKUP_BASE }),
  'POST /api/itskill/checkup/run/answers': (fx) => ({
    body: { questionId: fx.checkupQuestion.questionId, optionId: fx.checkupQuestion.optionId },
  }),
  'POST /api/itskill/checkup/run/submit': () => ({ body: {} }),

  'POST /api/admin/cohorts': (fx) => ({ body: futureCohort(fx.adminProductId) }),
  'POST /api/releases/{remote}': () => ({
    body: {
      version: '1.0.0',
      manifestUrl: '/bundles/mfe-access-matrix/1.0.0/mf-manifest.json',
      routes: [{ path: '/access-matrix', access: 'public', layout: 'default', title: '권한 점검' }],
    },
  }),
  'PUT /api/admin/cohorts/{oddId}': (fx) => ({ body: futureCohort(fx.adminProductId) }),
  'POST /api/admin/cohorts/{oddId}/board/run': () => ({ body: { seed: 7 } }),
  'POST /api/admin/cohorts/{oddId}/board/move': (fx) => ({ body: { joinId: fx.member.joinId, toTeam: null } }),
  'POST /api/admin/cohorts/{oddId}/board/lock': () => ({ body: { teamKey: 'T1', locked: true } }),
  // Money-moving confirmations carry a stale expected amount: the operator passes every access check and the
  // service's own guard (the previewed amount changed) stops the change, so later rows keep their data.
  'POST /api/admin/cohorts/{oddId}/refunds/preview': () => ({ body: { refundCase: 'COMPANY_ENDED' } }),
  'POST /api/admin/cohorts/{oddId}/refunds': () => ({ body: { refundCase: 'COMPANY_ENDED', expectedTotalKrw: 1 } }),
  // The sprint's judging, once its one team is scored (the score row runs first).
  'POST /api/admin/cohorts/{oddId}/results/publish': (fx) => ({
    path: `/api/admin/cohorts/${fx.oddId}/results/publish`,
    body: { memberPrizes: [] },
  }),
  'POST /api/admin/teams/{teamId}/refunds/preview': () => ({ body: { refundCase: 'TEAM_STOP' } }),
  'POST /api/admin/teams/{teamId}/refunds': () => ({ body: { refundCase: 'TEAM_STOP', expectedTotalKrw: 1 } }),
  'POST /api/admin/teams/{teamId}/replacements': (fx) => ({ body: { joinId: fx.other.joinId } }),
  'PUT /api/admin/teams/{teamId}/score': () => ({
    body: { scores: { problem: 8, execution: 7, design: 6, teamwork: 9 }, feedback: '잘했어요' },
  }),
  'POST /api/admin/applications/{joinId}/removal/preview': () => ({ body: { reason: 'SUPPORT' } }),
  'POST /api/admin/applications/{joinId}/removal': () => ({ body: { reason: 'SUPPORT', expectedRefundKrw: 1 } }),
  'POST /api/admin/checkins/misses/run': () => ({ body: { day: '2020-01-01' } }),
  'POST /api/admin/itskill/seasons': () => ({ body: { title: '권한 시험 시즌' } }),
  'POST /api/admin/money/runs': () => ({ body: {} }),
  'POST /api/admin/money/exceptions/{exceptionId}/close': () => ({ body: { reason: '권한 시험' } }),
  'PUT /api/admin/content/{kind}/{itemId}/draft': () => ({
    body: {
      body: {
        placement: 'gnb',
        url: '/bside',
        alt: '권한 시험 배너',
        pcImgUrl: '/media/content/banner-gnb-pc.svg',
        pcImgWidth: null,
        pcImgHeight: null,
        moImgUrl: '/media/content/banner-gnb-mo.svg',
        moImgWidth: null,
        moImgHeight: null,
        pcDisplayable: true,
        moDisplayable: true,
      },
    },
  }),
  'POST /api/admin/content/{kind}/{itemId}/move': () => ({ body: { direction: 'up' } }),
};

/** The request for an operation (`METHOD /path` as in the OpenAPI document). */
export function requestFor(op: string, fx: AccessFixtures): OpRequest {
  const template = op.slice(op.indexOf(' ') + 1);
  const extra = EXTRA[op]?.(fx) ?? {};
  return { path: extra.path ?? fillPath(template, fx), ...('body' in extra ? { body: extra.body } : {}) };
}
