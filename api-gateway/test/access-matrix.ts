/**
 * Who may do what: every operation of the aggregated OpenAPI document (`/api/docs/json` at the gateway), and the
 * status each kind of caller gets. access-matrix.test.ts reads the live document and fails on an operation
 * without a row (and on a row without an operation), then sends every row's request as each caller.
 *
 * Callers (columns):
 *  - visitor:  no token.
 *  - member:   a signed-up member acting on their own records (their card, project, image, application, result).
 *  - other:    another member, sending the very same request: for records that belong to someone, it names the
 *              member's record (their application, project, image, account id), so it must be refused; for
 *              operations on one's own account only (no record id in the request), it acts on its own.
 *  - operator: ROLE_ADMIN (made like `npm run create-operator`); for member operations a member with no records.
 *
 * Conventions:
 *  - A cell is the exact HTTP status, or a class ('2xx', '4xx') where the exact success code does not matter.
 *  - Requests carry minimal valid bodies (test/support/access-requests.ts), so the status says whether the caller
 *    got through: 401 not signed in, 403 not allowed, 404 not theirs / not found, other 4xx the service's own
 *    rule after access was granted (e.g. 409 already applied, 400 someone else's image).
 *  - Ids of records that are not the caller's answer 404 like missing ones (nothing tells a stranger they exist),
 *    except an account id in the path (setWithdrawal), which is the caller's own or 403.
 *  - Public operations that take a secret (reset token, OAuth code, webhook signature) get a well-formed unknown
 *    one: the status is the same for everyone, which is the point.
 *  - Money-moving operator confirmations send a stale expected amount: 409 means the operator passed every access
 *    check and the service's guard stopped the change, so later rows keep their data.
 *  - Rows run in this order: reads before changes, the operators' operations after the members', logout last.
 *    In each row visitor, other and operator ask side by side, then the member (whose request may consume the
 *    record, e.g. a deletion).
 */
export type Expected = number | '2xx' | '4xx';

export interface AccessRow {
  visitor: Expected;
  member: Expected;
  other: Expected;
  operator: Expected;
}

const everyone = (status: Expected): AccessRow => ({
  visitor: status,
  member: status,
  other: status,
  operator: status,
});
/** Members only, each on their own account: the operator is a member too. */
const signedIn = (status: Expected): AccessRow => ({ visitor: 401, member: status, other: status, operator: status });
/** Operators only: a member is refused at the gateway (and again in the service). */
const operatorOnly = (status: Expected): AccessRow => ({ visitor: 401, member: 403, other: 403, operator: status });

export const ACCESS_MATRIX: Record<string, AccessRow> = {
  // Site, menus, content: public reads.
  'GET /api/setting/gnb': everyone(200),
  'GET /api/setting/site': everyone(200),
  'GET /api/getBanner': everyone(200),
  'GET /api/open/main-page': everyone(200),
  'GET /api/faq': everyone(200),
  'GET /api/legal/terms': everyone(200),
  'GET /api/legal/privacy': everyone(200),
  'GET /api/stories': everyone(200),
  'GET /api/stories/{storyId}': everyone(200),
  'GET /api/program-intros/{productIdOrSlug}': everyone(200),
  'GET /api/projects': everyone(200),
  'GET /api/sprint-projects': everyone(200),
  'GET /media/content/{file}': everyone(200),
  // Uploaded images are public once uploaded (a card's cover, a project's screenshots).
  'GET /media/uploads/{imgId}': everyone(200),
  'GET /api/projects/{projectId}': everyone(200),
  'GET /api/project/getLeftMenu': everyone(200),
  'GET /api/project/getLeftMenuByProductId': everyone(200),

  // Programs and cohorts: public reads.
  'GET /api/products': everyone(200),
  'GET /api/products/{productIdOrSlug}': everyone(200),
  'GET /api/cohorts/{oddId}': everyone(200),
  'GET /api/cohorts/{oddId}/applicants': everyone(200),

  // Career cards and codes: public reads (a card and its projects are public pages).
  'GET /api/common/getCodeGroupDetail': everyone(200),
  'GET /api/profile/job-group/position': everyone(200),
  'GET /api/careercard/examples': everyone(200),
  'GET /api/profile/{id}': everyone(200),
  'GET /api/profile/project/{projectId}': everyone(200),

  // IT skill: public reads (a result is public by its unguessable share key).
  'GET /api/itskill/checkup': everyone(200),
  'GET /api/itskill/trends': everyone(200),
  'GET /api/itskill/results/{shareKey}': everyone(200),

  // Account: public forms.
  'GET /api/open/check/email': everyone(200),
  'GET /api/open/check/contact-email': everyone(200),
  'GET /api/open/isCheckId': everyone(200),
  'GET /api/open/check/careercard': everyone(200),
  'POST /api/signUp': everyone(201),
  'POST /api/snsSignUp': everyone(400),
  'POST /api/signin': everyone(401),
  'POST /api/findEmail': everyone(404),
  'POST /api/password-reset': everyone(200),
  'GET /api/change/{token}': everyone(400),
  'POST /api/change/password': everyone(400),
  'PUT /api/change/password': everyone(400),
  'GET /api/oauth/{provider}/start': everyone(302),
  'GET /api/oauth/{provider}/callback': everyone(302),
  'POST /api/oauth/exchange': everyone(400),
  'POST /api/payments/webhook': everyone(401),

  // The member's own account.
  'GET /api/meOauth': signedIn(200),
  'POST /api/updateUser': signedIn(200),
  'POST /api/user/detail': signedIn(200),
  'POST /api/user/password': signedIn(400),
  'GET /api/point/skill': signedIn(200),
  // Only after a completed check-up: the operator has none.
  'POST /api/point/skill': { visitor: 401, member: 200, other: 200, operator: 409 },
  // Someone else's account id: 403; one's own with a live application: 409.
  'POST /api/setWithdrawal/{id}': { visitor: 401, member: 409, other: 403, operator: 403 },

  // The member's own career card; the operator has none (404). Another member's image: 400.
  'GET /api/findByIdMyinfo': signedIn(200),
  'POST /api/fileUpload': signedIn(201),
  'POST /api/insertMyinfo': { visitor: 401, member: 200, other: 400, operator: 404 },
  'POST /api/updateMyinfo': { visitor: 401, member: 200, other: 400, operator: 404 },
  'POST /api/profile': { visitor: 401, member: 200, other: 400, operator: 404 },
  'POST /api/profile/cover': { visitor: 401, member: 200, other: 400, operator: 400 },
  'POST /api/profile/intro': { visitor: 401, member: 200, other: 200, operator: 404 },
  'POST /api/profile/skill-visibility': { visitor: 401, member: 200, other: 200, operator: 404 },
  'POST /api/profile/skills': { visitor: 401, member: 200, other: 200, operator: 404 },
  // Another member's project ids are not a reordering of one's own projects.
  'POST /api/profile/project/order': { visitor: 401, member: 200, other: 400, operator: 404 },
  'PUT /api/profile/project/{projectId}': { visitor: 401, member: 200, other: 404, operator: 404 },
  'POST /api/profile/project': { visitor: 401, member: 201, other: 201, operator: 404 },
  'DELETE /api/profile/project/{projectId}': { visitor: 401, member: 200, other: 404, operator: 404 },

  // IT skill check-up: each member's own run and result.
  'POST /api/itskill/checkup/run': signedIn(200),
  'GET /api/itskill/checkup/run': signedIn(200),
  'POST /api/itskill/checkup/run/answers': signedIn(200),
  // Not every question answered yet.
  'POST /api/itskill/checkup/run/submit': signedIn(422),
  'GET /api/itskill/my-result': { visitor: 401, member: 200, other: 200, operator: 404 },
  // Attaching a result to someone else's application: 404 like a missing one.
  'POST /api/getMyinfoSkill': { visitor: 401, member: 200, other: 404, operator: 404 },
  'GET /api/getIsAlarm': signedIn(200),
  'POST /api/setSurveyAlarm': signedIn(200),

  // The member's applications and team: someone else's answers 404.
  'GET /api/join/history': signedIn(200),
  // Personal access tokens: each member their own; another member's token id answers 404 like a missing one.
  'GET /api/tokens': signedIn(200),
  'POST /api/tokens': signedIn(200),
  'DELETE /api/tokens/{tokenId}': { visitor: 401, member: 200, other: 404, operator: 404 },
  // Webhook subscriptions: each member their own; another's subscription or delivery answers 404 like a missing one.
  'GET /api/webhooks': signedIn(200),
  'POST /api/webhooks': signedIn(200),
  'GET /api/webhooks/{webhookId}/deliveries': { visitor: 401, member: 200, other: 404, operator: 404 },
  // The test event is sent at once: to an address that never resolves, logged as failed, still answered 200.
  'POST /api/webhooks/{webhookId}/test': { visitor: 401, member: 200, other: 404, operator: 404 },
  'POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/replay': {
    visitor: 401,
    member: 200,
    other: 404,
    operator: 404,
  },
  'POST /api/webhooks/{webhookId}/secret': { visitor: 401, member: 200, other: 404, operator: 404 },
  'POST /api/webhooks/{webhookId}/enable': { visitor: 401, member: 200, other: 404, operator: 404 },
  'DELETE /api/webhooks/{webhookId}': { visitor: 401, member: 200, other: 404, operator: 404 },
  // Consents to partner apps: each member their own; a consent that is not theirs answers 404 like a missing one.
  'GET /api/partner-consents': signedIn(200),
  'DELETE /api/partner-consents/{grantId}': { visitor: 401, member: 404, other: 404, operator: 404 },
  'POST /api/join/history/one': { visitor: 401, member: 200, other: 404, operator: 404 },
  'GET /api/getJoinProject': signedIn(200),
  'GET /api/applications/{joinId}/team': { visitor: 401, member: 200, other: 404, operator: 404 },
  // Outside the sprint's days.
  'POST /api/applications/{joinId}/checkin': { visitor: 401, member: 409, other: 404, operator: 404 },
  'PUT /api/applications/{joinId}/submission': { visitor: 401, member: 200, other: 404, operator: 404 },
  // A card update needs a team charge declined at publish; the member's application has none.
  'POST /api/applications/{joinId}/card': { visitor: 401, member: 409, other: 404, operator: 404 },
  'POST /api/applications/{joinId}/cancel': { visitor: 401, member: 200, other: 404, operator: 404 },

  // The apply wizard in a cohort nobody here applied to: each caller's own draft.
  'GET /api/apply/{oddId}/dupcheck': signedIn(200),
  'POST /api/apply/{oddId}/draft': signedIn(201),
  'GET /api/apply/{oddId}/draft': signedIn(200),
  'PUT /api/apply/{oddId}/steps/{step}': signedIn(200),
  // The aside step is not saved yet; nor is there a card page to confirm.
  'POST /api/apply/{oddId}/book': signedIn(409),
  'POST /api/apply/{oddId}/payment/confirm': signedIn(409),

  // Operators' console: cohorts, applicants, the team board of an empty cohort of their own.
  // The gateway's own release API (a CI job's release token is the other way in, tested in releases-api.test.ts):
  // a first release of a remote goes live; it has no canary to promote and no earlier version to roll back to.
  'POST /api/releases/{remote}': operatorOnly(200),
  'POST /api/releases/{remote}/promote': operatorOnly(409),
  'POST /api/releases/{remote}/rollback': operatorOnly(409),

  'GET /api/admin/cohorts': operatorOnly(200),
  'POST /api/admin/cohorts': operatorOnly(200),
  'PUT /api/admin/cohorts/{oddId}': operatorOnly(200),
  'GET /api/admin/cohorts/{oddId}/applicants': operatorOnly(200),
  'GET /api/admin/cohorts/{oddId}/applicants.csv': operatorOnly(200),
  'GET /api/admin/cohorts/{oddId}/payments': operatorOnly(200),
  'GET /api/admin/applications/{joinId}/answers': operatorOnly(200),
  'GET /api/admin/audit-log': operatorOnly(200),
  // Field figures per remote version (the gateway's own route); browsers report to POST /api/rum with the
  // assignment signed into the page they were served: without one, a token does not help.
  'GET /api/admin/releases': operatorOnly(200),
  // Partner apps: registered by operators; no such app answers 404 after every access check.
  'GET /api/admin/partner-apps': operatorOnly(200),
  'GET /api/admin/partner-apps/audit': operatorOnly(200),
  'POST /api/admin/partner-apps': operatorOnly(200),
  'PUT /api/admin/partner-apps/{appId}': operatorOnly(404),
  'POST /api/admin/partner-apps/{appId}/secret': operatorOnly(404),
  'POST /api/rum': everyone(403),
  'POST /api/admin/cohorts/{oddId}/board/run': operatorOnly(200),
  'GET /api/admin/cohorts/{oddId}/board': operatorOnly(200),
  // Nobody applied to that cohort: no such member or team on its board.
  'POST /api/admin/cohorts/{oddId}/board/move': operatorOnly(404),
  'POST /api/admin/cohorts/{oddId}/board/lock': operatorOnly(404),
  'GET /api/admin/cohorts/{oddId}/board/preview': operatorOnly(200),
  'POST /api/admin/cohorts/{oddId}/board/publish': operatorOnly(200),
  'POST /api/admin/cohorts/{oddId}/refunds/preview': operatorOnly(200),
  'POST /api/admin/cohorts/{oddId}/refunds': operatorOnly(409),
  'POST /api/admin/payment-deadlines/run': operatorOnly(200),

  // Operators: the members' sprint team.
  'GET /api/admin/cohorts/{oddId}/team-health': operatorOnly(200),
  'POST /api/admin/teams/{teamId}/refunds/preview': operatorOnly(200),
  'POST /api/admin/teams/{teamId}/refunds': operatorOnly(409),
  'GET /api/admin/teams/{teamId}/replacements': operatorOnly(200),
  // Only a waitlisted member of the same role can replace; the other member is in the team already.
  'POST /api/admin/teams/{teamId}/replacements': operatorOnly(409),
  'POST /api/admin/applications/{joinId}/removal/preview': operatorOnly(200),
  'POST /api/admin/applications/{joinId}/removal': operatorOnly(409),
  'GET /api/admin/judging/rubric': operatorOnly(200),
  'GET /api/admin/cohorts/{oddId}/judging': operatorOnly(200),
  'PUT /api/admin/teams/{teamId}/score': operatorOnly(200),
  'POST /api/admin/cohorts/{oddId}/results/publish': operatorOnly(200),
  'POST /api/admin/checkins/misses/run': operatorOnly(200),

  // Operators: money operations (the reconciliation with the PG and the exceptions queue; no such exception).
  'GET /api/admin/money/runs': operatorOnly(200),
  'POST /api/admin/money/runs': operatorOnly(200),
  'GET /api/admin/money/exceptions': operatorOnly(200),
  'POST /api/admin/money/exceptions/{exceptionId}/retry': operatorOnly(404),
  'POST /api/admin/money/exceptions/{exceptionId}/book': operatorOnly(404),
  'POST /api/admin/money/exceptions/{exceptionId}/close': operatorOnly(404),

  // Operators: content management (the header banner: only one, so it cannot move; its draft is discarded before publishing).
  'GET /api/admin/content/{kind}': operatorOnly(200),
  'GET /api/admin/content/{kind}/{itemId}': operatorOnly(200),
  'GET /api/admin/content/audit': operatorOnly(200),
  'PUT /api/admin/content/{kind}/{itemId}/draft': operatorOnly(200),
  'DELETE /api/admin/content/{kind}/{itemId}/draft': operatorOnly(200),
  'POST /api/admin/content/{kind}/{itemId}/move': operatorOnly(400),
  'POST /api/admin/content/{kind}/{itemId}/publish': operatorOnly(200),
  'POST /api/admin/content/{kind}/{itemId}/unpublish': operatorOnly(200),

  // Operators: check-up seasons (opening one closes the members' current season: after their rows).
  'GET /api/admin/itskill/seasons': operatorOnly(200),
  'POST /api/admin/itskill/seasons': operatorOnly(201),
  'POST /api/admin/itskill/seasons/{id}/open': operatorOnly(200),

  // Ends the caller's session: last (the test signs everyone in again after it).
  'GET /api/logout': everyone(200),
};
