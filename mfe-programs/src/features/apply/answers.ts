import type { ProductDetail, SignedInUser, JobGroupWithPositions } from '@sq/contracts';
import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { formatPhone } from '@sq/ui';
import {
  APPLICANT_ROLES,
  ROLE_NAMES,
  type ApplicantRole,
  type ApplicationAnswers,
  type AsideStep,
  type ProductStep,
  type RequiredStep,
  type AskedQuestion,
  type WizardQuestions,
  WIZARD_QUESTIONS,
  questionsOf as askedQuestions,
} from '@sq/contracts/api/applications';

/**
 * Form values of each step (what the inputs hold: text, also for numbers and lists) and their conversion to
 * the contract's request bodies. Prefill order: the saved draft, then the account (contact e-mail, phone and
 * job group from GET /api/meOauth, in the spec's formats).
 */

export interface RequiredValues {
  contactEmail: string;
  phone: string;
  jobGroup: string;
  position: string;
  careerYears: string;
  experienceMonths: string;
  role: ApplicantRole | '';
}

/** The role a job group usually applies as (the member may pick another the program recruits). */
const ROLE_OF_JOB_GROUP: Record<string, ApplicantRole> = {
  JG_PLAN: 'PLANNER',
  JG_DESIGN: 'DESIGNER',
  JG_DEV: 'DEVELOPER',
};

/** Roles this program recruits: every role without a team make-up, else those with seats (null: not fixed). */
export function openRoles(product: Pick<ProductDetail, 'teamMakeup'>): ApplicantRole[] {
  const makeup = product.teamMakeup;
  if (!makeup) return [...APPLICANT_ROLES];
  const seats = { PLANNER: makeup.roles.planner, DESIGNER: makeup.roles.designer, DEVELOPER: makeup.roles.developer };
  return APPLICANT_ROLES.filter((role) => seats[role] !== 0);
}

export function roleOptions(product: Pick<ProductDetail, 'teamMakeup'>) {
  return openRoles(product).map((role) => ({ code: role, name: ROLE_NAMES[role] }));
}

/** The member's job group code from the account (stored as the code or as its name). */
function jobGroupCode(user: Pick<SignedInUser, 'userJobGroup'>, groups: readonly JobGroupWithPositions[]): string {
  const value = user.userJobGroup?.trim();
  if (!value) return '';
  return groups.find((g) => g.code === value || g.name === value)?.code ?? '';
}

export function requiredInitial(
  saved: RequiredStep | undefined,
  user: SignedInUser,
  groups: readonly JobGroupWithPositions[],
  product: Pick<ProductDetail, 'teamMakeup'>,
): RequiredValues {
  if (saved) {
    return { ...saved, phone: formatPhone(saved.phone), experienceMonths: String(saved.experienceMonths) };
  }
  const jobGroup = jobGroupCode(user, groups);
  const roles = openRoles(product);
  const suggested = ROLE_OF_JOB_GROUP[jobGroup];
  return {
    contactEmail: user.contactEmail || user.email,
    phone: formatPhone(user.userPhone ?? ''),
    jobGroup,
    position: '',
    careerYears: '',
    experienceMonths: '',
    role: suggested && roles.includes(suggested) ? suggested : roles.length === 1 ? roles[0]! : '',
  };
}

/** Text -> the request: the number of months stays text when it is not one, so the schema names the field. */
export function requiredRequest(values: RequiredValues) {
  const months = values.experienceMonths.trim();
  return {
    ...values,
    experienceMonths: /^\d{1,4}$/.test(months) ? Number(months) : months === '' ? undefined : months,
    role: values.role || undefined,
  };
}

/** 14-week project: at least 6 months of IT work. The server refuses too (422); this says it before the round trip. */
export function eligibilityError(values: RequiredValues, minMonths: number | null): string | undefined {
  if (minMonths === null) return undefined;
  const months = values.experienceMonths.trim();
  if (!/^\d{1,4}$/.test(months)) return undefined;
  return Number(months) < minMonths
    ? APPLICATION_MESSAGES.applyNotEligible.replace('{n}', String(minMonths))
    : undefined;
}

export interface AsideValues {
  portfolioUrl: string;
  githubUrl: string;
  wantToBuild: string;
  availableTime: string;
  /** Hours a week, typed as text; empty: not given. */
  weeklyHours: string;
  friendCareerCardIds: string[];
}

export function asideInitial(saved: AsideStep | undefined): AsideValues {
  return {
    portfolioUrl: saved?.portfolioUrl ?? '',
    githubUrl: saved?.githubUrl ?? '',
    wantToBuild: saved?.wantToBuild ?? '',
    availableTime: saved?.availableTime ?? '',
    weeklyHours: saved?.weeklyHours ? String(saved.weeklyHours) : '',
    friendCareerCardIds: saved?.friendCareerCardIds ?? [],
  };
}

export function asideRequest(values: AsideValues): AsideStep {
  const hours = values.weeklyHours.trim();
  return {
    portfolioUrl: values.portfolioUrl.trim() || null,
    githubUrl: values.githubUrl.trim() || null,
    wantToBuild: values.wantToBuild,
    availableTime: values.availableTime,
    // Text that is not a whole number stays text, so the schema names the field with its message.
    weeklyHours: hours === '' ? null : /^\d{1,3}$/.test(hours) ? Number(hours) : (hours as unknown as number),
    // An empty box the member added and left blank is not a friend request.
    friendCareerCardIds: values.friendCareerCardIds.map((id) => id.trim()).filter(Boolean),
  };
}

export function friendLimitError(values: AsideValues, maxFriends: number): Record<string, string> {
  const count = values.friendCareerCardIds.map((id) => id.trim()).filter(Boolean).length;
  if (count === 0 || count <= maxFriends) return {};
  const message =
    maxFriends === 0
      ? APPLICATION_MESSAGES.applyFriendsNotAllowed
      : APPLICATION_MESSAGES.applyTooManyFriends.replace('{n}', String(maxFriends));
  return { friendCareerCardIds: message };
}

/** The program's questions as form text: lists are typed comma-separated. */
export type ProductValues = Record<string, string>;

export type Question = AskedQuestion;

/** The program step's questions (the 14-week project's depend on the role applied for), from the one definition. */
export function questionsOf(
  kind: ProductStep['kind'],
  role: ApplicantRole | null,
  definition: WizardQuestions = WIZARD_QUESTIONS,
): Question[] {
  return askedQuestions('product', kind, role, definition);
}

const splitList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function productInitial(
  saved: ProductStep | undefined,
  kind: ProductStep['kind'],
  role: ApplicantRole | null,
  definition: WizardQuestions = WIZARD_QUESTIONS,
): ProductValues {
  const values: ProductValues = {};
  const top: Record<string, unknown> = saved ?? {};
  const underRole: Record<string, unknown> = saved && 'roleQuestions' in saved ? saved.roleQuestions : {};
  // Answers of another role (the member changed role) do not carry over; the program's own questions do.
  const sameRole = underRole.role === role;
  for (const q of questionsOf(kind, role, definition)) {
    const v = q.underRole ? (sameRole ? underRole[q.name] : undefined) : top[q.name];
    values[q.name] = Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : '';
  }
  return values;
}

/** Form text -> the request: the program's own answers at the top, the 14-week project's role answers under `roleQuestions`. */
export function productRequest(
  values: ProductValues,
  kind: ProductStep['kind'],
  role: ApplicantRole | null,
  definition: WizardQuestions = WIZARD_QUESTIONS,
): unknown {
  const top: Record<string, unknown> = {};
  const underRole: Record<string, unknown> = {};
  for (const q of questionsOf(kind, role, definition))
    (q.underRole ? underRole : top)[q.name] = q.kind === 'list' ? splitList(values[q.name]) : (values[q.name] ?? '');
  if (kind !== 'TEAM_PROJECT') return { kind, ...top };
  return { kind, ...top, roleQuestions: { role, ...underRole } };
}

/** Server/schema field keys of the program step -> the form's (roleQuestions.stack -> stack). */
export function productFieldName(key: string): string {
  return key.startsWith('roleQuestions.') ? key.slice('roleQuestions.'.length).split('.')[0]! : key.split('.')[0]!;
}

export type { ApplicationAnswers };
