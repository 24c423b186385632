import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
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

const printable = z.refine<string>((value) => !hasControlCharacters(value), MESSAGES.textInvalidCharacters);

/** Free text of at most `max` characters, trimmed; `message` also for a wrong type. */
const freeText = (max: number, message: string) => z.string({ error: message }).check(z.trim(), z.maxLength(max, message), printable);

export const intro = freeText(CAREER_CARD_LIMITS.introMax, MESSAGES.introLength);
const imageId = z.uuid({ error: MESSAGES.imageInvalid });

/** POST /profile/intro {intro} */
export const introSchema = z.object({ intro }, { error: MESSAGES.badRequest });
export type IntroForm = z.infer<typeof introSchema>;

/** POST /profile/cover {coverImgId}: an upload of the member's own (null takes the cover off). */
export const coverSchema = z.object({ coverImgId: z.nullable(imageId) }, { error: MESSAGES.badRequest });
export type CoverForm = z.infer<typeof coverSchema>;

/**
 * POST /profile: the card's profile fields. The nickname is the account's (unique across members): the
 * careercard service asks the account service to change it. `imgId` is the profile photo (own upload).
 */
export const profileSchema = z.object({
  useralias: z.optional(nickname),
  jobGroup,
  position: z.optional(z.nullable(position)),
  careerYears,
  imgId: z.optional(z.nullable(imageId)),
}, { error: MESSAGES.badRequest });
export type ProfileForm = z.infer<typeof profileSchema>;

/** POST /insertMyinfo: the additional profile info, saved the first time (onboarding's first step). */
export const myInfoInsertSchema = z.object({
  jobCode: jobGroup,
  positionCode: z.optional(z.nullable(position)),
  yearCode: careerYears,
  intro: z.optional(intro),
  imgId: z.optional(z.nullable(imageId)),
}, { error: MESSAGES.badRequest });
export type MyInfoInsertForm = z.infer<typeof myInfoInsertSchema>;

/** POST /updateMyinfo: any of the same fields, plus the onboarding step reached (to resume later). */
export const myInfoUpdateSchema = z.object({
  jobCode: z.optional(jobGroup),
  positionCode: z.optional(z.nullable(position)),
  yearCode: z.optional(careerYears),
  intro: z.optional(intro),
  imgId: z.optional(z.nullable(imageId)),
  onboardingStep: z.optional(z.enum(ONBOARDING_PROGRESS, { error: MESSAGES.badRequest })),
}, { error: MESSAGES.badRequest });
export type MyInfoUpdateForm = z.infer<typeof myInfoUpdateSchema>;

const skillName = z.string({ error: MESSAGES.skillLength }).check(
  z.trim(),
  z.minLength(1, MESSAGES.skillLength),
  z.maxLength(CAREER_CARD_LIMITS.skillMax, MESSAGES.skillLength),
  printable,
);
/** POST /profile/skills {skills}: the whole list in display order (case-insensitively unique). */
export const skillsSchema = z.object({
  skills: z.array(skillName, { error: MESSAGES.badRequest }).check(
    z.maxLength(CAREER_CARD_LIMITS.skillsMax, MESSAGES.skillsTooMany),
    z.refine((list) => new Set(list.map((s) => s.trim().toLowerCase())).size === list.length, MESSAGES.skillDuplicate),
  ),
}, { error: MESSAGES.badRequest });
export type SkillsForm = z.infer<typeof skillsSchema>;

/** POST /profile/skill-visibility {showSkillLevel}: whether the public card shows the IT skill check-up level. */
export const skillVisibilitySchema = z.object({
  showSkillLevel: z.boolean({ error: MESSAGES.badRequest }),
}, { error: MESSAGES.badRequest });
export type SkillVisibilityForm = z.infer<typeof skillVisibilitySchema>;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30), between 1970 and 2100. */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
const day = z.string({ error: MESSAGES.projectPeriodInvalid }).check(z.refine(isCalendarDay, MESSAGES.projectPeriodInvalid));
const link = z.string({ error: MESSAGES.projectLinkInvalid }).check(
  z.trim(),
  z.maxLength(CAREER_CARD_LIMITS.linkMax, MESSAGES.projectLinkInvalid),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !hasControlCharacters(value);
    } catch {
      return false;
    }
  }, MESSAGES.projectLinkInvalid),
);

/** POST /profile/project (create) and PUT /profile/project/{projectId} (edit). */
export const projectSchema = z.object({
  title: z.string({ error: MESSAGES.projectTitleRequired }).check(z.trim(), z.minLength(1, MESSAGES.projectTitleRequired), z.maxLength(CAREER_CARD_LIMITS.titleMax, MESSAGES.projectTitleLength), printable),
  role: z.string({ error: MESSAGES.projectRoleRequired }).check(z.trim(), z.minLength(1, MESSAGES.projectRoleRequired), z.maxLength(CAREER_CARD_LIMITS.roleMax, MESSAGES.projectRoleLength), printable),
  startDate: day,
  /** Null while the project is still running. */
  endDate: z.nullable(day),
  description: z._default(freeText(CAREER_CARD_LIMITS.descriptionMax, MESSAGES.projectDescriptionLength), ''),
  links: z._default(z.array(link, { error: MESSAGES.projectLinkInvalid }).check(z.maxLength(CAREER_CARD_LIMITS.linksMax, MESSAGES.projectLinksTooMany)), []),
  imgIds: z._default(z.array(imageId, { error: MESSAGES.imageInvalid }).check(z.maxLength(CAREER_CARD_LIMITS.imagesMax, MESSAGES.projectImagesTooMany)), []),
}, { error: MESSAGES.badRequest }).check(
  z.refine((p) => p.endDate === null || p.endDate >= p.startDate, { message: MESSAGES.projectPeriodInvalid, path: ['endDate'] }),
);
export type ProjectForm = z.input<typeof projectSchema>;

/** POST /profile/project/order {projectIds}: every project of the card, each once, in the new order. */
export const projectOrderSchema = z.object({
  projectIds: z.array(z.number({ error: MESSAGES.projectOrderInvalid }).check(z.int(), z.positive(MESSAGES.projectOrderInvalid), z.maximum(2_147_483_647, MESSAGES.projectOrderInvalid)), { error: MESSAGES.projectOrderInvalid })
    .check(z.minLength(1, MESSAGES.projectOrderInvalid), z.maxLength(CAREER_CARD_LIMITS.projectsMax, MESSAGES.projectOrderInvalid)),
}, { error: MESSAGES.badRequest });
export type ProjectOrderForm = z.infer<typeof projectOrderSchema>;
