import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import {
  MESSAGES,
  memberPasswordSchema,
  ok,
  onboardingSchema,
  updateUserSchema,
  type MemberPasswordForm,
  type OnboardingForm,
  type PointGrantResponse,
  type PointStatusResponse,
  type UpdateUserForm,
  type UpdateUserResponse,
  type UserDetailResponse,
} from '@sq/contracts';
import { badRequest, conflict, notFound, requireMember } from '@sq/service-kit';
import { SKILL_POINT_REASON } from '@sq/contracts';
import { WITHOUT_CONTROL_CHARACTERS } from '@sq/contracts/control-characters';
import { hashPassword, verifyPassword } from '../passwords';
import { uniqueViolationToConflict } from '../lib/availability';
import { toSignedInUser, type UserRow } from '../repositories/user-repository';

/** The sign-up credit of onboarding (spec section 9: 10,000 KRW point), granted once per member. */
export const SIGNUP_POINT = { reasonCode: 'SIGNUP_ONBOARDING', amount: 10_000 } as const;
/**
 * Credits a member may claim through POST /api/point/skill, each at most once: the IT skill check-up's, after a
 * completed check-up. The spec names the call but not the amount: SKILL_POINT_AMOUNT (clients/itskill-client.ts).
 */
const claimable = (reasonCode: string) => reasonCode === SKILL_POINT_REASON;

const pointQuery = z.object(
  {
    reasonCode: z._default(
      z.string({ error: MESSAGES.badRequest }).check(z.regex(/^[A-Z_]{2,40}$/, MESSAGES.badRequest)),
      'SKILL_CHECKUP',
    ),
  },
  { error: MESSAGES.badRequest },
);
const pointBody = z.object(
  {
    reasonCode: z.string({ error: MESSAGES.badRequest }).check(z.regex(/^[A-Z_]{2,40}$/, MESSAGES.badRequest)),
    // No control characters (a NUL byte cannot be stored in PostgreSQL text).
    reasonText: z.optional(
      z
        .string({ error: MESSAGES.badRequest })
        .check(z.maxLength(200, MESSAGES.badRequest), z.regex(WITHOUT_CONTROL_CHARACTERS, MESSAGES.badRequest)),
    ),
    entry: z.optional(
      z
        .string({ error: MESSAGES.badRequest })
        .check(z.maxLength(100, MESSAGES.badRequest), z.regex(WITHOUT_CONTROL_CHARACTERS, MESSAGES.badRequest)),
    ),
  },
  { error: MESSAGES.badRequest },
);

/** Onboarding (additional info + the one-time credit), points, and editing one's own details. */
const memberRoutes: FastifyPluginAsync = async (app) => {
  const points = app.pointRepository;

  const activeUser = async (userId: number) => {
    const user = await app.userRepository.findActiveById(userId);
    if (!user) throw notFound(MESSAGES.pleaseLogIn);
    return user;
  };

  app.post<{ Body: OnboardingForm }>(
    '/api/user/detail',
    {
      schema: { tags: ['account'], summary: '온보딩 추가 정보 저장 (가입 포인트 1회 지급)', body: onboardingSchema },
      preHandler: requireMember,
    },
    async (request): Promise<UserDetailResponse> => {
      const user = await activeUser(request.identity!.userId);
      const body = request.body;
      // The card is careercard's: it checks the codes and returns their names, and attaches the picture only if
      // this member uploaded it. Saving again is harmless; leaving imgId out keeps the picture.
      const names = user.profile_id
        ? await app.careercard.update(user.profile_id, {
            jobGroupCode: body.jobCode,
            yearCode: body.yearCode,
            ...(body.intro !== undefined ? { intro: body.intro } : {}),
            ...(body.imgId !== undefined ? { imgId: body.imgId } : {}),
          })
        : null;
      const granted = await points.completeOnboarding(
        user.user_id,
        {
          ...(body.imgId !== undefined ? { imgId: body.imgId } : {}),
          intro: body.intro ?? null,
          jobCode: body.jobCode,
          yearCode: body.yearCode,
          names,
        },
        {
          reasonCode: SIGNUP_POINT.reasonCode,
          amount: SIGNUP_POINT.amount,
          reasonText: '회원가입 온보딩 완료',
          entry: 'onboarding',
        },
      );
      return ok({ pointGranted: granted, pointBalance: await points.balance(user.user_id), userStep: 'DONE' });
    },
  );

  app.get<{ Querystring: z.infer<typeof pointQuery> }>(
    '/api/point/skill',
    { schema: { tags: ['account'], summary: '포인트 수령 여부', querystring: pointQuery }, preHandler: requireMember },
    async (request): Promise<PointStatusResponse> => {
      const userId = request.identity!.userId;
      // Received on an earlier (withdrawn) account of the same person counts as received: it cannot be claimed again.
      const received = await points.received(userId, request.query.reasonCode);
      return ok({ received: received ? ('Y' as const) : ('N' as const), pointBalance: await points.balance(userId) });
    },
  );

  app.post<{ Body: z.infer<typeof pointBody> }>(
    '/api/point/skill',
    { schema: { tags: ['account'], summary: '포인트 받기', body: pointBody }, preHandler: requireMember },
    async (request): Promise<PointGrantResponse> => {
      const user = await activeUser(request.identity!.userId);
      if (!claimable(request.body.reasonCode)) throw conflict(MESSAGES.badRequest);
      // Only after a completed check-up, as itskill (which owns it) says.
      if (!(await app.itskill.completedCheckup(user.user_id))) throw conflict(MESSAGES.checkupNotCompleted);
      const amount = app.accountConfig.skillPointAmount;
      // One transaction; once per person (markers) and (user, reason) is unique, so however many claims race,
      // one row lands.
      const granted = await points.grant(user.user_id, {
        reasonCode: request.body.reasonCode,
        amount,
        reasonText: request.body.reasonText ?? null,
        entry: request.body.entry ?? null,
      });
      if (!granted) throw conflict(MESSAGES.pointAlreadyGranted);
      return ok({ granted: amount, pointBalance: await points.balance(user.user_id) });
    },
  );

  app.post<{ Body: UpdateUserForm }>(
    '/api/updateUser',
    { schema: { tags: ['account'], summary: '회원 정보 수정', body: updateUserSchema }, preHandler: requireMember },
    async (request): Promise<UpdateUserResponse> => {
      const user = await activeUser(request.identity!.userId);
      const body = request.body;
      const { availability } = app;
      const fields: Record<string, string> = {};
      if (
        body.useralias &&
        body.useralias.toLowerCase() !== user.user_alias.toLowerCase() &&
        (await availability.nicknameTaken(body.useralias, user.user_id))
      ) {
        fields.useralias = MESSAGES.nicknameDuplicate;
      }
      if (body.contactEmail && (await availability.contactEmailTaken(body.contactEmail, user.user_id)))
        fields.contactEmail = MESSAGES.contactEmailDuplicate;
      const first = Object.values(fields)[0];
      if (first) throw conflict(first, fields);

      const cardChanges = {
        ...(body.jobGroup ? { jobGroupCode: body.jobGroup } : {}),
        ...(body.position !== undefined ? { positionCode: body.position } : {}),
        ...(body.careerYears ? { yearCode: body.careerYears } : {}),
        ...(body.useralias ? { userAlias: body.useralias } : {}),
        // The card shows the name next to the nickname; like the nickname, it changes on both sides or neither.
        ...(body.username ? { userName: body.username } : {}),
      };
      const names =
        user.profile_id && Object.keys(cardChanges).length > 0
          ? await app.careercard.update(user.profile_id, cardChanges)
          : null;
      const changes: Partial<UserRow> = {};
      if (body.username) changes.user_name = body.username;
      // An empty string clears the address (its check flag turns N).
      if (body.notionEmail !== undefined) changes.notion_email = body.notionEmail || null;
      if (body.slackEmail !== undefined) changes.slack_email = body.slackEmail || null;
      if (body.contactEmail) changes.contact_email = body.contactEmail;
      if (body.useralias) changes.user_alias = body.useralias;
      if (body.userphone) changes.user_phone = body.userphone;
      if (body.jobGroup)
        Object.assign(changes, { job_code: body.jobGroup, job_group: names?.jobGroupName ?? user.job_group });
      if (body.position !== undefined) changes.position = names?.positionName ?? null;
      if (body.careerYears)
        Object.assign(changes, { year_code: body.careerYears, career_years: names?.yearCodeName ?? user.career_years });
      if (body.marketingAgreed !== undefined) changes.marketing_consent = body.marketingAgreed;
      try {
        if (Object.keys(changes).length > 0) await app.userRepository.update(user.user_id, changes);
      } catch (error) {
        // The card already took the change: put back what the account still says, so both sides keep agreeing
        // (the position is not put back: the account keeps its name, not its code).
        if (names && user.profile_id) {
          await app.careercard
            .update(user.profile_id, {
              userAlias: user.user_alias,
              userName: user.user_name,
              ...(user.job_code ? { jobGroupCode: user.job_code } : {}),
              ...(user.year_code ? { yearCode: user.year_code } : {}),
            })
            .catch((restoreError: unknown) =>
              request.log.warn(
                { err: restoreError, userId: user.user_id },
                'career card not put back after a failed update',
              ),
            );
        }
        throw uniqueViolationToConflict(error);
      }
      // Committed: programs takes its copies of a new name or nickname now, or the retry job asks it later.
      if (changes.user_name !== undefined || changes.user_alias !== undefined)
        await app.peopleChangeOutbox.deliverFor(user.user_id);
      const row = (await app.userRepository.findById(user.user_id))!;
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      return ok({ userData: toSignedInUser(row, token), isUser: 'Y' as const });
    },
  );

  // Change password while signed in (/mypage/info): the current password proves it; the other sessions end.
  app.post<{ Body: MemberPasswordForm }>(
    '/api/user/password',
    {
      schema: { tags: ['account'], summary: '비밀번호 변경 (로그인 상태)', body: memberPasswordSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const identity = request.identity!;
      const user = await activeUser(identity.userId);
      if (!user.password_hash) throw badRequest(MESSAGES.socialAccountNoPassword);
      if (!(await verifyPassword(user.password_hash, request.body.currentPassword))) {
        throw badRequest(MESSAGES.currentPasswordWrong, { currentPassword: MESSAGES.currentPasswordWrong });
      }
      const hash = await hashPassword(request.body.password);
      await app.userRepository.changePassword(user.user_id, hash, identity.sid);
      return ok({ message: MESSAGES.passwordChangedSignedIn });
    },
  );
};

export default memberRoutes;
