import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  coverSchema,
  introSchema,
  myInfoInsertSchema,
  myInfoUpdateSchema,
  ok,
  profileSchema,
  skillVisibilitySchema,
  skillsSchema,
  uploadUrl,
  type CoverForm,
  type IntroForm,
  type MyInfoInsertForm,
  type MyInfoResponse,
  type MyInfoUpdateForm,
  type ProfileForm,
  type SkillVisibilityForm,
  type SkillsForm,
} from '@sq/contracts';
import { conflict, notFound, requireMember } from '@sq/service-kit';
import { codeNames, requireOwnUploads, type CardCodes } from '../card-rules';
import type { CardChanges, OwnCardRow } from '../repositories/card-repository';

/**
 * The signed-in member's own card (spec section 7: findByIdMyinfo, insertMyinfo, updateMyinfo, profile,
 * profile/cover, profile/intro; the skills list and whether the card shows the IT skill check-up level). Every write answers the card as GET /findByIdMyinfo
 * does, so the editor never shows a stale copy. A rejected write changes nothing.
 */
const myCardRoutes: FastifyPluginAsync = async (app) => {
  const cards = app.cardRepository;
  const codes = app.codeRepository;
  const uploads = app.uploadRepository;
  const userOf = (request: FastifyRequest) => request.identity!.userId;
  const noCard = () => notFound(MESSAGES.careerCardNotFound);

  /** One edit of the caller's card under its lock; 404 커리어 카드를 찾을 수 없어요. when they have none. */
  async function editCard(userId: number, edit: (card: OwnCardRow) => CardChanges) {
    if (!(await cards.editOwnCard(userId, edit))) throw noCard();
  }
  const answer = async (userId: number): Promise<MyInfoResponse> =>
    ok({ myInfo: await app.profileRepository.ownCard(userId) });

  /**
   * Checks codes and the picture, tells the account (nickname and codes it mirrors) when they change, then
   * writes the card. The account goes first: a nickname it refuses leaves both sides unchanged.
   */
  async function saveCard(
    userId: number,
    changes: CardCodes & {
      useralias?: string | undefined;
      imgId?: string | null | undefined;
      intro?: string | undefined;
      onboardingStep?: string | undefined;
      onboard?: boolean;
    },
  ) {
    const current = await cards.ownCard(userId);
    if (!current) throw noCard();
    if (changes.onboard && current.onboarded_at) throw conflict(MESSAGES.myInfoAlreadySaved);
    await codeNames(codes, changes, current.job_group_code);
    if (changes.imgId) await requireOwnUploads(uploads, userId, [changes.imgId], 'imgId');
    const codesChange =
      changes.jobGroupCode !== undefined || changes.positionCode !== undefined || changes.yearCode !== undefined;
    const aliasChange = changes.useralias !== undefined && changes.useralias !== current.user_alias;
    if (codesChange || aliasChange) {
      // The full set, so the account's copy is whole whatever part changed.
      const merged = await codeNames(codes, {
        jobGroupCode: changes.jobGroupCode ?? current.job_group_code,
        positionCode: changes.positionCode !== undefined ? changes.positionCode : current.position_code,
        yearCode: changes.yearCode ?? current.year_code,
      });
      await app.account.mirrorProfile(userId, {
        ...(aliasChange ? { useralias: changes.useralias } : {}),
        jobCode: changes.jobGroupCode ?? current.job_group_code,
        jobGroupName: merged.jobGroupName ?? '',
        positionName: merged.positionName,
        yearCode: changes.yearCode ?? current.year_code,
        careerYearsName: merged.yearCodeName ?? '',
      });
    }
    await editCard(userId, (card) => {
      if (changes.onboard && card.onboarded_at) throw conflict(MESSAGES.myInfoAlreadySaved);
      const update: CardChanges = {};
      if (changes.jobGroupCode) update.jobGroupCode = changes.jobGroupCode;
      if (changes.positionCode !== undefined) update.positionCode = changes.positionCode;
      // A new job group without a position drops the old position (it belonged to the old group).
      else if (changes.jobGroupCode && changes.jobGroupCode !== card.job_group_code) update.positionCode = null;
      if (changes.yearCode) update.yearCode = changes.yearCode;
      if (changes.useralias) update.userAlias = changes.useralias;
      if (changes.intro !== undefined) update.intro = changes.intro;
      if (changes.imgId !== undefined) update.imgUrl = changes.imgId ? uploadUrl(changes.imgId) : null;
      if (changes.onboardingStep) update.onboardingStep = changes.onboardingStep;
      if (changes.onboard) update.onboarded = true;
      return update;
    });
  }

  app.get(
    '/api/findByIdMyinfo',
    { schema: { tags: ['profile'], summary: '내 커리어 카드 (추가 프로필 정보)' }, preHandler: requireMember },
    async (request) => answer(userOf(request)),
  );

  app.post<{ Body: MyInfoInsertForm }>(
    '/api/insertMyinfo',
    {
      schema: {
        tags: ['profile'],
        summary: '추가 프로필 정보 처음 저장 (커리어 카드 온보딩)',
        body: myInfoInsertSchema,
      },
      preHandler: requireMember,
    },
    async (request) => {
      const body = request.body;
      await saveCard(userOf(request), {
        jobGroupCode: body.jobCode,
        positionCode: body.positionCode,
        yearCode: body.yearCode,
        intro: body.intro,
        imgId: body.imgId,
        onboard: true,
      });
      return answer(userOf(request));
    },
  );

  app.post<{ Body: MyInfoUpdateForm }>(
    '/api/updateMyinfo',
    {
      schema: { tags: ['profile'], summary: '추가 프로필 정보 수정 (온보딩 단계 포함)', body: myInfoUpdateSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const body = request.body;
      await saveCard(userOf(request), {
        jobGroupCode: body.jobCode,
        positionCode: body.positionCode,
        yearCode: body.yearCode,
        intro: body.intro,
        imgId: body.imgId,
        onboardingStep: body.onboardingStep,
      });
      return answer(userOf(request));
    },
  );

  app.post<{ Body: ProfileForm }>(
    '/api/profile',
    {
      schema: { tags: ['profile'], summary: '프로필 저장 (닉네임, 직군, 포지션, 경력, 사진)', body: profileSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const body = request.body;
      await saveCard(userOf(request), {
        useralias: body.useralias,
        jobGroupCode: body.jobGroup,
        positionCode: body.position ?? null,
        yearCode: body.careerYears,
        imgId: body.imgId,
      });
      return answer(userOf(request));
    },
  );

  app.post<{ Body: CoverForm }>(
    '/api/profile/cover',
    {
      schema: { tags: ['profile'], summary: '커버 이미지 변경 (내가 올린 이미지만)', body: coverSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const userId = userOf(request);
      const { coverImgId } = request.body;
      if (coverImgId) await requireOwnUploads(uploads, userId, [coverImgId], 'coverImgId');
      await editCard(userId, () => ({ coverImgUrl: coverImgId ? uploadUrl(coverImgId) : null }));
      return answer(userId);
    },
  );

  app.post<{ Body: IntroForm }>(
    '/api/profile/intro',
    { schema: { tags: ['profile'], summary: '소개 변경', body: introSchema }, preHandler: requireMember },
    async (request) => {
      const userId = userOf(request);
      await editCard(userId, () => ({ intro: request.body.intro }));
      return answer(userId);
    },
  );

  app.post<{ Body: SkillVisibilityForm }>(
    '/api/profile/skill-visibility',
    {
      schema: {
        tags: ['profile'],
        summary: '카드에 IT 스킬 체크업 레벨 보여주기 (기본: 숨김)',
        body: skillVisibilitySchema,
      },
      preHandler: requireMember,
    },
    async (request) => {
      const userId = userOf(request);
      await editCard(userId, () => ({ showSkillLevel: request.body.showSkillLevel }));
      return answer(userId);
    },
  );

  app.post<{ Body: SkillsForm }>(
    '/api/profile/skills',
    {
      schema: { tags: ['profile'], summary: '스킬 목록 저장 (표시 순서대로)', body: skillsSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const userId = userOf(request);
      if (!(await cards.saveSkills(userId, request.body.skills))) throw noCard();
      return answer(userId);
    },
  );
};

export default myCardRoutes;
