import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  MESSAGES, coverSchema, introSchema, myInfoInsertSchema, myInfoUpdateSchema, ok, profileSchema, skillVisibilitySchema, skillsSchema, uploadUrl,
  type CoverForm, type IntroForm, type MyInfoInsertForm, type MyInfoResponse, type MyInfoUpdateForm, type ProfileForm, type SkillVisibilityForm, type SkillsForm,
} from '@sq/contracts';
import { conflict, notFound, requireMember } from '@sq/service-kit';
import { codeNames, requireOwnUploads, type CardCodes } from '../card-rules';

interface CardRow {
  profile_id: string;
  user_id: number;
  user_alias: string;
  job_group_code: string;
  position_code: string | null;
  year_code: string;
  onboarded_at: Date | null;
}

/**
 * The signed-in member's own card (spec section 7: findByIdMyinfo, insertMyinfo, updateMyinfo, profile,
 * profile/cover, profile/intro; the skills list and whether the card shows the IT skill check-up level). Every write answers the card as GET /findByIdMyinfo
 * does, so the editor never shows a stale copy. A rejected write changes nothing.
 */
const myCardRoutes: FastifyPluginAsync = async (app) => {
  const knex = app.knex;
  const userOf = (request: FastifyRequest) => request.identity!.userId;

  /** The caller's live card, locked for the rest of the transaction; 404 커리어 카드를 찾을 수 없어요. when none. */
  async function ownCard(trx: Knex, userId: number): Promise<CardRow> {
    const row = await trx('profile').where({ user_id: userId }).whereNull('retired_at').forUpdate().first();
    if (!row) throw notFound(MESSAGES.careerCardNotFound);
    return row as CardRow;
  }
  const answer = async (userId: number): Promise<MyInfoResponse> => ok({ myInfo: await app.profileRepository.ownCard(userId) });

  /**
   * Checks codes and the picture, tells the account (nickname and codes it mirrors) when they change, then
   * writes the card. The account goes first: a nickname it refuses leaves both sides unchanged.
   */
  async function saveCard(userId: number, changes: CardCodes & { useralias?: string | undefined; imgId?: string | null | undefined; intro?: string | undefined; onboardingStep?: string | undefined; onboard?: boolean }) {
    const current = await ownCard(knex, userId);
    if (changes.onboard && current.onboarded_at) throw conflict(MESSAGES.myInfoAlreadySaved);
    await codeNames(knex, changes, current.job_group_code);
    if (changes.imgId) await requireOwnUploads(knex, userId, [changes.imgId], 'imgId');
    const codesChange = changes.jobGroupCode !== undefined || changes.positionCode !== undefined || changes.yearCode !== undefined;
    const aliasChange = changes.useralias !== undefined && changes.useralias !== current.user_alias;
    if (codesChange || aliasChange) {
      // The full set, so the account's copy is whole whatever part changed.
      const merged = await codeNames(knex, {
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
    await knex.transaction(async (trx) => {
      const card = await ownCard(trx, userId);
      if (changes.onboard && card.onboarded_at) throw conflict(MESSAGES.myInfoAlreadySaved);
      const update: Record<string, unknown> = { updated_at: trx.fn.now() };
      if (changes.jobGroupCode) update.job_group_code = changes.jobGroupCode;
      if (changes.positionCode !== undefined) update.position_code = changes.positionCode;
      // A new job group without a position drops the old position (it belonged to the old group).
      else if (changes.jobGroupCode && changes.jobGroupCode !== card.job_group_code) update.position_code = null;
      if (changes.yearCode) update.year_code = changes.yearCode;
      if (changes.useralias) update.user_alias = changes.useralias;
      if (changes.intro !== undefined) update.intro = changes.intro;
      if (changes.imgId !== undefined) update.img_url = changes.imgId ? uploadUrl(changes.imgId) : null;
      if (changes.onboardingStep) update.onboarding_step = changes.onboardingStep;
      if (changes.onboard) update.onboarded_at = trx.fn.now();
      await trx('profile').where({ profile_id: card.profile_id }).update(update);
    });
  }

  app.get('/api/findByIdMyinfo', { schema: { tags: ['profile'], summary: '내 커리어 카드 (추가 프로필 정보)' }, preHandler: requireMember }, async (request) => answer(userOf(request)));

  app.post<{ Body: MyInfoInsertForm }>(
    '/api/insertMyinfo',
    { schema: { tags: ['profile'], summary: '추가 프로필 정보 처음 저장 (커리어 카드 온보딩)', body: myInfoInsertSchema }, preHandler: requireMember },
    async (request) => {
      const body = request.body;
      await saveCard(userOf(request), { jobGroupCode: body.jobCode, positionCode: body.positionCode, yearCode: body.yearCode, intro: body.intro, imgId: body.imgId, onboard: true });
      return answer(userOf(request));
    },
  );

  app.post<{ Body: MyInfoUpdateForm }>(
    '/api/updateMyinfo',
    { schema: { tags: ['profile'], summary: '추가 프로필 정보 수정 (온보딩 단계 포함)', body: myInfoUpdateSchema }, preHandler: requireMember },
    async (request) => {
      const body = request.body;
      await saveCard(userOf(request), { jobGroupCode: body.jobCode, positionCode: body.positionCode, yearCode: body.yearCode, intro: body.intro, imgId: body.imgId, onboardingStep: body.onboardingStep });
      return answer(userOf(request));
    },
  );

  app.post<{ Body: ProfileForm }>(
    '/api/profile',
    { schema: { tags: ['profile'], summary: '프로필 저장 (닉네임, 직군, 포지션, 경력, 사진)', body: profileSchema }, preHandler: requireMember },
    async (request) => {
      const body = request.body;
      await saveCard(userOf(request), { useralias: body.useralias, jobGroupCode: body.jobGroup, positionCode: body.position ?? null, yearCode: body.careerYears, imgId: body.imgId });
      return answer(userOf(request));
    },
  );

  app.post<{ Body: CoverForm }>(
    '/api/profile/cover',
    { schema: { tags: ['profile'], summary: '커버 이미지 변경 (내가 올린 이미지만)', body: coverSchema }, preHandler: requireMember },
    async (request) => {
      const userId = userOf(request);
      const { coverImgId } = request.body;
      if (coverImgId) await requireOwnUploads(knex, userId, [coverImgId], 'coverImgId');
      await knex.transaction(async (trx) => {
        const card = await ownCard(trx, userId);
        await trx('profile').where({ profile_id: card.profile_id }).update({ cover_img_url: coverImgId ? uploadUrl(coverImgId) : null, updated_at: trx.fn.now() });
      });
      return answer(userId);
    },
  );

  app.post<{ Body: IntroForm }>(
    '/api/profile/intro',
    { schema: { tags: ['profile'], summary: '소개 변경', body: introSchema }, preHandler: requireMember },
    async (request) => {
      const userId = userOf(request);
      await knex.transaction(async (trx) => {
        const card = await ownCard(trx, userId);
        await trx('profile').where({ profile_id: card.profile_id }).update({ intro: request.body.intro, updated_at: trx.fn.now() });
      });
      return answer(userId);
    },
  );

  app.post<{ Body: SkillVisibilityForm }>(
    '/api/profile/skill-visibility',
    { schema: { tags: ['profile'], summary: '카드에 IT 스킬 체크업 레벨 보여주기 (기본: 숨김)', body: skillVisibilitySchema }, preHandler: requireMember },
    async (request) => {
      const userId = userOf(request);
      await knex.transaction(async (trx) => {
        const card = await ownCard(trx, userId);
        await trx('profile').where({ profile_id: card.profile_id }).update({ show_skill_level: request.body.showSkillLevel, updated_at: trx.fn.now() });
      });
      return answer(userId);
    },
  );

  app.post<{ Body: SkillsForm }>(
    '/api/profile/skills',
    { schema: { tags: ['profile'], summary: '스킬 목록 저장 (표시 순서대로)', body: skillsSchema }, preHandler: requireMember },
    async (request) => {
      const userId = userOf(request);
      await knex.transaction(async (trx) => {
        const card = await ownCard(trx, userId);
        await trx('profile_skill').where({ profile_id: card.profile_id }).delete();
        if (request.body.skills.length) {
          await trx('profile_skill').insert(request.body.skills.map((skill, order) => ({ profile_id: card.profile_id, sort_order: order, skill_name: skill })));
        }
        await trx('profile').where({ profile_id: card.profile_id }).update({ updated_at: trx.fn.now() });
      });
      return answer(userId);
    },
  );
};

export default myCardRoutes;
