import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { CAREER_CARD_MESSAGES } from '../messages/career-card';
import { careerYears, hasControlCharacters, jobGroup, nickname, position } from './fields';

/**
 * The career card's forms (onboarding, the editor) and the careercard service's request bodies: one set of
 * limits for both. The spec gives none of these numbers; they are product configuration, documented in
 * services/careercard/README.md.
 */
export const CAREER_CARD_LIMITS = {
  introMax: 1000,
  skillsMax: 30,
  skillMax: 30,
  projectsMax: 30,
  titleMax: 100,
  roleMax: 50,
  descriptionMax: 2000,
  linksMax: 5,
  linkMax: 500,
  imagesMax: 5,
} as const;

/** The guided setup of /careercard/onboarding/{step}, in order; the card remembers the last step reached. */
export const ONBOARDING_STEPS = ['job', 'career', 'intro', 'cover', 'skills', 'project'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
/** What the card remembers: a step to resume at, or 'done' once the last step is passed. */
export const ONBOARDING_PROGRESS = [...ONBOARDING_STEPS, 'done'] as const;

const printable = z.refine<string>((value) => !hasControlCharacters(value), CAREER_CARD_MESSAGES.textInvalidCharacters);

/** Free text of at most `max` characters, trimmed; `message` also for a wrong type. */
const freeText = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(max, message), printable);

export const intro = freeText(CAREER_CARD_LIMITS.introMax, ACCOUNT_MESSAGES.introLength);
const imageId = z.uuid({ error: ACCOUNT_MESSAGES.imageInvalid });

/** POST /profile/intro {intro} */
export const introSchema = z.object({ intro }, { error: CORE_MESSAGES.badRequest });
export type IntroForm = z.infer<typeof introSchema>;

/** POST /profile/cover {coverImgId}: an upload of the member's own (null takes the cover off). */
export const coverSchema = z.object({ coverImgId: z.nullable(imageId) }, { error: CORE_MESSAGES.badRequest });
export type CoverForm = z.infer<typeof coverSchema>;

/**
 * POST /profile: the card's profile fields. The nickname is the account's (unique across members): the
 * careercard service asks the account service to change it. `imgId` is the profile photo (own upload).
 */
export const profileSchema = z.object(
  {
    useralias: z.optional(nickname),
    jobGroup,
    position: z.optional(z.nullable(position)),
    careerYears,
    imgId: z.optional(z.nullable(imageId)),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type ProfileForm = z.infer<typeof profileSchema>;

/** POST /insertMyinfo: the additional profile info, saved the first time (onboarding's first step). */
export const myInfoInsertSchema = z.object(
  {
    jobCode: jobGroup,
    positionCode: z.optional(z.nullable(position)),
    yearCode: careerYears,
    intro: z.optional(intro),
    imgId: z.optional(z.nullable(imageId)),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type MyInfoInsertForm = z.infer<typeof myInfoInsertSchema>;

/** POST /updateMyinfo: any of the same fields, plus the onboarding step reached (to resume later). */
export const myInfoUpdateSchema = z.object(
  {
    jobCode: z.optional(jobGroup),
    positionCode: z.optional(z.nullable(position)),
    yearCode: z.optional(careerYears),
    intro: z.optional(intro),
    imgId: z.optional(z.nullable(imageId)),
    onboardingStep: z.optional(z.enum(ONBOARDING_PROGRESS, { error: CORE_MESSAGES.badRequest })),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type MyInfoUpdateForm = z.infer<typeof myInfoUpdateSchema>;

const skillName = z
  .string({ error: CAREER_CARD_MESSAGES.skillLength })
  .check(
    z.trim(),
    z.minLength(1, CAREER_CARD_MESSAGES.skillLength),
    z.maxLength(CAREER_CARD_LIMITS.skillMax, CAREER_CARD_MESSAGES.skillLength),
    printable,
  );
/** POST /profile/skills {skills}: the whole list in display order (case-insensitively unique). */
export const skillsSchema = z.object(
  {
    skills: z.array(skillName, { error: CORE_MESSAGES.badRequest }).check(
      z.maxLength(CAREER_CARD_LIMITS.skillsMax, CAREER_CARD_MESSAGES.skillsTooMany),
      z.refine(
        (list) => new Set(list.map((s) => s.trim().toLowerCase())).size === list.length,
        CAREER_CARD_MESSAGES.skillDuplicate,
      ),
    ),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type SkillsForm = z.infer<typeof skillsSchema>;

/** POST /profile/skill-visibility {showSkillLevel}: whether the public card shows the IT skill check-up level. */
export const skillVisibilitySchema = z.object(
  {
    showSkillLevel: z.boolean({ error: CORE_MESSAGES.badRequest }),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type SkillVisibilityForm = z.infer<typeof skillVisibilitySchema>;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30), between 1970 and 2100. */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
const day = z
  .string({ error: CAREER_CARD_MESSAGES.projectPeriodInvalid })
  .check(z.refine(isCalendarDay, CAREER_CARD_MESSAGES.projectPeriodInvalid));
const link = z.string({ error: CAREER_CARD_MESSAGES.projectLinkInvalid }).check(
  z.trim(),
  z.maxLength(CAREER_CARD_LIMITS.linkMax, CAREER_CARD_MESSAGES.projectLinkInvalid),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !hasControlCharacters(value);
    } catch {
      return false;
    }
  }, CAREER_CARD_MESSAGES.projectLinkInvalid),
);

/** POST /profile/project (create) and PUT /profile/project/{projectId} (edit). */
export const projectSchema = z
  .object(
    {
      title: z
        .string({ error: CAREER_CARD_MESSAGES.projectTitleRequired })
        .check(
          z.trim(),
          z.minLength(1, CAREER_CARD_MESSAGES.projectTitleRequired),
          z.maxLength(CAREER_CARD_LIMITS.titleMax, CAREER_CARD_MESSAGES.projectTitleLength),
          printable,
        ),
      role: z
        .string({ error: CAREER_CARD_MESSAGES.projectRoleRequired })
        .check(
          z.trim(),
          z.minLength(1, CAREER_CARD_MESSAGES.projectRoleRequired),
          z.maxLength(CAREER_CARD_LIMITS.roleMax, CAREER_CARD_MESSAGES.projectRoleLength),
          printable,
        ),
      startDate: day,
      /** Null while the project is still running. */
      endDate: z.nullable(day),
      description: z._default(
        freeText(CAREER_CARD_LIMITS.descriptionMax, CAREER_CARD_MESSAGES.projectDescriptionLength),
        '',
      ),
      links: z._default(
        z
          .array(link, { error: CAREER_CARD_MESSAGES.projectLinkInvalid })
          .check(z.maxLength(CAREER_CARD_LIMITS.linksMax, CAREER_CARD_MESSAGES.projectLinksTooMany)),
        [],
      ),
      imgIds: z._default(
        z
          .array(imageId, { error: ACCOUNT_MESSAGES.imageInvalid })
          .check(z.maxLength(CAREER_CARD_LIMITS.imagesMax, CAREER_CARD_MESSAGES.projectImagesTooMany)),
        [],
      ),
    },
    { error: CORE_MESSAGES.badRequest },
  )
  .check(
    z.refine((p) => p.endDate === null || p.endDate >= p.startDate, {
      message: CAREER_CARD_MESSAGES.projectPeriodInvalid,
      path: ['endDate'],
    }),
  );
export type ProjectForm = z.input<typeof projectSchema>;

/** POST /profile/project/order {projectIds}: every project of the card, each once, in the new order. */
export const projectOrderSchema = z.object(
  {
    projectIds: z
      .array(
        z
          .number({ error: CAREER_CARD_MESSAGES.projectOrderInvalid })
          .check(
            z.int(),
            z.positive(CAREER_CARD_MESSAGES.projectOrderInvalid),
            z.maximum(2_147_483_647, CAREER_CARD_MESSAGES.projectOrderInvalid),
          ),
        { error: CAREER_CARD_MESSAGES.projectOrderInvalid },
      )
      .check(
        z.minLength(1, CAREER_CARD_MESSAGES.projectOrderInvalid),
        z.maxLength(CAREER_CARD_LIMITS.projectsMax, CAREER_CARD_MESSAGES.projectOrderInvalid),
      ),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type ProjectOrderForm = z.infer<typeof projectOrderSchema>;
