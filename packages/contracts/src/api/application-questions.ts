import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { APPLICATION_MESSAGES } from '../messages/applications';
import { careerYears, contactEmail, jobGroup, phone, position } from '../forms/fields';
import { APPLICANT_ROLES, type AnswerStep, type ApplicantRole } from './application-states';

/**
 * The apply wizard's questions, each defined once: its stored name (the key), its Korean label, its schema (the
 * screens and the service validate with it), its kind (how the wizard asks it and how the answer pages show it),
 * the step that asks it and which programs do. The step schemas (applications.ts), the wizard's form, my page's
 * answers and the console's answers are all made from this definition, so adding a question means adding it here
 * (and to its test) only.
 *
 * Which programs ask a question: the required and aside steps are asked by every program whose flow has the step
 * (APPLY_FLOWS); the program step's questions are listed per program (`product`), and the 14-week project's
 * questions for the role applied for (`roleQuestions`) are stored under `roleQuestions` with the role.
 */

/** How a question is asked and shown. */
export type QuestionKind =
  | 'email'
  | 'phone'
  /** A common code picked from a list (shown by its name). */
  | 'code'
  | 'role'
  /** A whole number of months. */
  | 'months'
  | 'url'
  | 'text'
  | 'longText'
  /** A list typed comma-separated. */
  | 'list'
  /** A whole number of hours a week. */
  | 'hours'
  /** Friends' career card IDs. */
  | 'careerCards';

export interface QuestionDefinition<S extends z.ZodMiniType = z.ZodMiniType> {
  /** The wizard's label. */
  label: string;
  /** The read-only answer pages' label (my page, the console), where it differs from the wizard's. */
  answerLabel?: string;
  /** The wizard's hint under the input. */
  hint?: string;
  kind: QuestionKind;
  schema: S;
}

/** Questions of one step (or one program, or one role), by stored name, in the order they are asked. */
export type Questions = Readonly<Record<string, QuestionDefinition>>;

/** Programs with a program step of their own (the others' flows end at the aside step). */
export const PROGRAMS_WITH_QUESTIONS = ['TEAM_PROJECT', 'SPRINT', 'COURSE'] as const;
export type ProgramWithQuestions = (typeof PROGRAMS_WITH_QUESTIONS)[number];

export interface WizardQuestions {
  required: Questions;
  aside: Questions;
  /** Each program's own top-level questions. */
  product: Readonly<Record<ProgramWithQuestions, Questions>>;
  /** The 14-week project's questions of the role applied for. */
  roleQuestions: Readonly<Record<ApplicantRole, Questions>>;
}

const question = <S extends z.ZodMiniType>(definition: QuestionDefinition<S>) => definition;

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, APPLICATION_MESSAGES.applyTextTooLong));
const answer = (max = 1000) => text(max, APPLICATION_MESSAGES.applyAnswerRequired);
const optionalUrl = () =>
  z.optional(
    z.nullable(
      z.string({ error: APPLICATION_MESSAGES.applyUrlFormat }).check(
        z.trim(),
        z.maxLength(300, APPLICATION_MESSAGES.applyUrlFormat),
        z.refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), APPLICATION_MESSAGES.applyUrlFormat),
      ),
    ),
  );
const stringList = (maxItems: number, maxLength = 40, required: string = APPLICATION_MESSAGES.applyAnswerRequired) =>
  z
    .array(
      z
        .string({ error: required })
        .check(z.trim(), z.minLength(1, required), z.maxLength(maxLength, APPLICATION_MESSAGES.applyTextTooLong)),
    )
    .check(z.minLength(1, required), z.maxLength(maxItems, APPLICATION_MESSAGES.applyTooManyItems));
const listHint = (examples: string) => `쉼표(,)로 구분해 입력해 주세요. 예: ${examples}`;

/** Months of IT work experience (the eligibility check reads it; the 14-week project needs at least 6). */
export const experienceMonths = z
  .number({ error: APPLICATION_MESSAGES.applyExperienceRequired })
  .check(
    z.int(APPLICATION_MESSAGES.applyExperienceRequired),
    z.gte(0, APPLICATION_MESSAGES.applyExperienceRequired),
    z.lte(600, APPLICATION_MESSAGES.applyExperienceRequired),
  );

export const applicantRole = z.enum(APPLICANT_ROLES, { error: APPLICATION_MESSAGES.applyRoleRequired });

/** Upper bound of the schema; the product's own `maxFriends` (2 for the 14-week project) is checked by the server. */
export const FRIEND_REQUESTS_MAX = 5;

/** required: contact (prefilled from the account), job, career and the role applied for. */
const REQUIRED_QUESTIONS = {
  contactEmail: question({
    label: '연락받을 이메일',
    kind: 'email',
    schema: contactEmail,
    hint: '자주 쓰는 이메일이 아니라면 바꿔 주세요. 선발 결과와 결제 안내가 이 주소로 가요.',
  }),
  phone: question({ label: '휴대폰 번호', kind: 'phone', schema: phone }),
  jobGroup: question({ label: '직군', kind: 'code', schema: jobGroup }),
  position: question({ label: '포지션', kind: 'code', schema: position }),
  careerYears: question({ label: '경력', kind: 'code', schema: careerYears }),
  experienceMonths: question({
    label: 'IT 실무 경력(개월)',
    answerLabel: 'IT 실무 경력',
    kind: 'months',
    schema: experienceMonths,
  }),
  role: question({ label: '지원 직군', kind: 'role', schema: applicantRole }),
};

/** aside: links, what they want to build, available time, friends to be placed with (career card IDs). */
const ASIDE_QUESTIONS = {
  portfolioUrl: question({ label: '포트폴리오 링크', kind: 'url', schema: optionalUrl() }),
  githubUrl: question({ label: 'GitHub 링크', kind: 'url', schema: optionalUrl() }),
  wantToBuild: question({
    label: '만들고 싶은 서비스',
    kind: 'longText',
    schema: text(1000, APPLICATION_MESSAGES.applyWantToBuildRequired),
  }),
  availableTime: question({
    label: '참여 가능한 시간',
    kind: 'text',
    schema: text(200, APPLICATION_MESSAGES.applyAvailableTimeRequired),
  }),
  /** Hours a week for the project (optional; the operators' team matcher balances teams with it). */
  weeklyHours: question({
    label: '일주일에 참여할 수 있는 시간',
    hint: '시간 단위로 적어 주세요. 팀을 꾸릴 때 참고해요.',
    kind: 'hours',
    schema: z.optional(
      z.nullable(
        z
          .number({ error: APPLICATION_MESSAGES.applyWeeklyHours })
          .check(
            z.int(APPLICATION_MESSAGES.applyWeeklyHours),
            z.gte(1, APPLICATION_MESSAGES.applyWeeklyHours),
            z.lte(80, APPLICATION_MESSAGES.applyWeeklyHours),
          ),
      ),
    ),
  }),
  friendCareerCardIds: question({
    label: '함께할 친구',
    kind: 'careerCards',
    schema: z
      .array(
        z
          .string({ error: APPLICATION_MESSAGES.applyFriendNotFound })
          .check(z.trim(), z.regex(/^[A-Za-z0-9]{2,20}$/, APPLICATION_MESSAGES.applyFriendNotFound)),
      )
      .check(
        z.maxLength(FRIEND_REQUESTS_MAX, APPLICATION_MESSAGES.applyTooManyFriends),
        z.refine(
          (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
          APPLICATION_MESSAGES.applyFriendDuplicate,
        ),
      ),
  }),
};

/** The program step's top-level questions of each program. */
const PROGRAM_QUESTIONS = {
  TEAM_PROJECT: {
    motivation: question({ label: '이번 팀 프로젝트에 지원하는 이유', kind: 'longText', schema: answer() }),
  },
  SPRINT: {
    idea: question({
      label: '10일 동안 만들고 싶은 아이디어',
      answerLabel: '만들고 싶은 아이디어',
      kind: 'longText',
      schema: answer(),
    }),
    stack: question({
      label: '사용할 기술 스택',
      answerLabel: '기술 스택',
      hint: listHint('React, Node.js, Figma'),
      kind: 'list',
      schema: stringList(15),
    }),
  },
  COURSE: {
    goals: question({ label: '이번 과정에서 이루고 싶은 목표', kind: 'longText', schema: answer() }),
    planningExperience: question({ label: '지금까지의 기획 경험', kind: 'longText', schema: answer() }),
  },
};

/** The 14-week project asks the questions of the role applied for (the role must match the required step's). */
const ROLE_QUESTIONS = {
  PLANNER: {
    serviceExperience: question({ label: '기획해 본 서비스와 맡은 역할', kind: 'longText', schema: answer() }),
    documentTools: question({
      label: '주로 쓰는 기획 도구',
      hint: listHint('Figma, Notion, Jira'),
      kind: 'list',
      schema: stringList(10),
    }),
  },
  DESIGNER: {
    designTools: question({
      label: '주로 쓰는 디자인 도구',
      hint: listHint('Figma, Illustrator'),
      kind: 'list',
      schema: stringList(10),
    }),
    bestWork: question({ label: '가장 자신 있는 작업과 그 이유', kind: 'longText', schema: answer() }),
  },
  DEVELOPER: {
    stack: question({
      label: '주로 쓰는 기술 스택',
      answerLabel: '기술 스택',
      hint: listHint('React, Spring, AWS'),
      kind: 'list',
      schema: stringList(15),
    }),
    shippedExperience: question({ label: '출시하거나 운영해 본 경험', kind: 'longText', schema: answer() }),
  },
};

/** Every question of the wizard. */
export const WIZARD_QUESTIONS = {
  required: REQUIRED_QUESTIONS,
  aside: ASIDE_QUESTIONS,
  product: PROGRAM_QUESTIONS,
  roleQuestions: ROLE_QUESTIONS,
} as const satisfies WizardQuestions;

// ---------------------------------------------------------------------------------------------------------
// Schemas made from the definition
// ---------------------------------------------------------------------------------------------------------

type Shape<Q extends Questions> = { -readonly [K in keyof Q]: Q[K]['schema'] };

/** The zod shape of a group of questions (name -> schema). */
export function shapeOf<Q extends Questions>(questions: Q): Shape<Q> {
  return Object.fromEntries(
    Object.entries(questions).map(([name, definition]) => [name, definition.schema]),
  ) as Shape<Q>;
}

/** A step whose questions sit at its top level (required, aside). */
export const stepSchemaOf = <Q extends Questions>(questions: Q) =>
  z.object(shapeOf(questions), { error: CORE_MESSAGES.badRequest });

const programStep = <K extends ProgramWithQuestions, Q extends Questions>(kind: K, questions: Q) =>
  z.object({ kind: z.literal(kind), ...shapeOf(questions) });
const roleStep = <R extends ApplicantRole, Q extends Questions>(role: R, questions: Q) =>
  z.object({ role: z.literal(role), ...shapeOf(questions) });

/** The program step: one shape per program; the 14-week project's role questions one level down, under `roleQuestions`. */
export function productStepSchemaOf<D extends WizardQuestions>(definition: D) {
  const roles = definition.roleQuestions;
  return z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('TEAM_PROJECT'),
        ...shapeOf(definition.product.TEAM_PROJECT as D['product']['TEAM_PROJECT']),
        roleQuestions: z.discriminatedUnion(
          'role',
          [
            roleStep('PLANNER', roles.PLANNER as D['roleQuestions']['PLANNER']),
            roleStep('DESIGNER', roles.DESIGNER as D['roleQuestions']['DESIGNER']),
            roleStep('DEVELOPER', roles.DEVELOPER as D['roleQuestions']['DEVELOPER']),
          ],
          { error: APPLICATION_MESSAGES.applyAnswerRequired },
        ),
      }),
      programStep('SPRINT', definition.product.SPRINT as D['product']['SPRINT']),
      programStep('COURSE', definition.product.COURSE as D['product']['COURSE']),
    ],
    { error: CORE_MESSAGES.badRequest },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Reading the definition: the wizard asks, the answer pages show
// ---------------------------------------------------------------------------------------------------------

/** One question as a screen uses it. */
export interface AskedQuestion {
  step: AnswerStep;
  name: string;
  label: string;
  answerLabel: string;
  hint?: string;
  kind: QuestionKind;
  /** Whether the schema accepts no answer. */
  optional: boolean;
  /** The 14-week project's role question: stored under `roleQuestions` with the role. */
  underRole: boolean;
}

const asked = (step: AnswerStep, questions: Questions, underRole = false): AskedQuestion[] =>
  Object.entries(questions).map(([name, d]) => ({
    step,
    name,
    label: d.label,
    answerLabel: d.answerLabel ?? d.label,
    ...(d.hint ? { hint: d.hint } : {}),
    kind: d.kind,
    optional: (d.schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional',
    underRole,
  }));

const hasQuestions = (kind: string): kind is ProgramWithQuestions =>
  (PROGRAMS_WITH_QUESTIONS as readonly string[]).includes(kind);

/**
 * The questions a step asks, in order: the program step asks the program's own questions and, for the 14-week
 * project, those of the role applied for (none until a role is picked).
 */
export function questionsOf(
  step: AnswerStep,
  program: string,
  role: ApplicantRole | null,
  definition: WizardQuestions = WIZARD_QUESTIONS,
): AskedQuestion[] {
  if (step !== 'product') return asked(step, definition[step]);
  if (!hasQuestions(program)) return [];
  const own = asked(step, definition.product[program]);
  return program === 'TEAM_PROJECT' && role ? [...own, ...asked(step, definition.roleQuestions[role], true)] : own;
}

/** One stored answer with its question (a name no longer defined keeps its name as the label and shows as text). */
export interface AnsweredQuestion {
  question: AskedQuestion;
  value: unknown;
}

/** The stored answers of one step, in the order the definition asks them; names it no longer defines come last. */
export function answersOf(
  step: AnswerStep,
  stored: object | undefined,
  definition: WizardQuestions = WIZARD_QUESTIONS,
): AnsweredQuestion[] {
  if (!stored) return [];
  const values = stored as Record<string, unknown>;
  const underRole = (
    values.roleQuestions && typeof values.roleQuestions === 'object' ? values.roleQuestions : {}
  ) as Record<string, unknown>;
  const role =
    step === 'product' &&
    typeof underRole.role === 'string' &&
    (APPLICANT_ROLES as readonly string[]).includes(underRole.role)
      ? (underRole.role as ApplicantRole)
      : null;
  const program = step === 'product' && typeof values.kind === 'string' ? values.kind : '';
  const questions = questionsOf(step, program, role, definition);
  const valueOf = (q: AskedQuestion) => (q.underRole ? underRole : values)[q.name];
  const defined = questions
    .filter((q) => valueOf(q) !== undefined)
    .map((question) => ({ question, value: valueOf(question) }));
  const known = (q: AskedQuestion) => questions.some((d) => d.name === q.name && d.underRole === q.underRole);
  const unknown = [
    ...Object.entries(values)
      .filter(([name]) => name !== 'kind' && name !== 'roleQuestions')
      .map(([name, value]) => ({ name, value, underRole: false })),
    ...Object.entries(underRole)
      .filter(([name]) => name !== 'role')
      .map(([name, value]) => ({ name, value, underRole: true })),
  ]
    .map(({ name, value, underRole: under }) => ({
      question: { step, name, label: name, answerLabel: name, kind: 'text' as const, optional: true, underRole: under },
      value,
    }))
    .filter(({ question: q }) => !known(q));
  return [...defined, ...unknown];
}
