import * as z from 'zod/mini';
import { APPLICANT_ROLES, APPLICATION_STATES } from './application-states';
import type { GroupRefundConfirmation, GroupRefundPreview, ReplacementCandidate } from './operators/team-changes';
import type { JudgingView } from './operators/judging';
import type { TeamHealthResponse } from './operators/teams';

/**
 * Response schemas of the team pages' answers (the operators' team operations, team health and judging pages), which
 * the programs service declares on its routes so its OpenAPI document shows them; the types they describe are
 * operators.ts's, and each schema is checked against its type below, so the two cannot part. Only the service
 * imports this module: the console reads the types, and its bundle takes no schema.
 */

const names = { joinId: z.number(), alias: z.nullable(z.string()), name: z.nullable(z.string()) };
const role = z.nullable(z.enum(APPLICANT_ROLES));
const state = z.enum(APPLICATION_STATES);
/** A Korean calendar day, YYYY-MM-DD. */
const day = z.string();
/** An ISO instant. */
const instant = z.string();

/** Which page of the cohort's teams (TeamPage). */
const teamPage = { page: z.number(), pageSize: z.number(), teamCount: z.number(), pageCount: z.number() };

const teamHealth = z.object({
  ...teamPage,
  oddId: z.number(),
  day,
  trouble: z.boolean(),
  atRiskMisses: z.number(),
  summary: z.object({
    teams: z.number(),
    shortHandedTeams: z.number(),
    stoppedTeams: z.number(),
    troubledTeams: z.number(),
    atRiskMembers: z.number(),
    droppedMembers: z.number(),
  }),
  teams: z.array(
    z.object({
      teamId: z.number(),
      teamKey: z.string(),
      name: z.string(),
      active: z.number(),
      dropped: z.number(),
      shortHanded: z.boolean(),
      stopped: z.boolean(),
      atRisk: z.number(),
      members: z.array(
        z.object({
          ...names,
          role,
          state,
          checkins: z.number(),
          streak: z.number(),
          misses: z.number(),
          lastMiss: z.nullable(day),
        }),
      ),
    }),
  ),
});

const prize = { teamId: z.number(), joinId: z.nullable(z.number()), amountKrw: z.number() };
const judgingMember = z.object({ ...names, role, state });
const judging = z.object({
  ...teamPage,
  oddId: z.number(),
  rubric: z.array(z.object({ key: z.string(), name: z.string(), weight: z.number() })),
  teams: z.array(
    z.object({
      teamId: z.number(),
      teamKey: z.string(),
      name: z.string(),
      stopped: z.boolean(),
      members: z.array(judgingMember),
      submission: z.nullable(
        z.object({
          projectName: z.string(),
          description: z.string(),
          repositoryUrl: z.string(),
          demoUrl: z.nullable(z.string()),
          images: z.array(z.string()),
          updatedAt: instant,
        }),
      ),
      score: z.nullable(
        z.object({
          scores: z.record(z.string(), z.number()),
          total: z.number(),
          feedback: z.string(),
          updatedAt: instant,
        }),
      ),
    }),
  ),
  summary: z.object({
    judgedTeams: z.number(),
    unscoredTeams: z.number(),
    ranking: z.array(
      z.object({ teamId: z.number(), name: z.string(), total: z.number(), members: z.array(judgingMember) }),
    ),
  }),
  results: z.nullable(
    z.object({
      oddId: z.number(),
      winnerTeamId: z.number(),
      winnerTeamName: z.string(),
      prizes: z.array(
        z.object({ ...prize, alias: z.nullable(z.string()), name: z.nullable(z.string()), teamName: z.string() }),
      ),
      publishedAt: instant,
    }),
  ),
});

const replacements = z.object({
  candidates: z.array(
    z.object({ ...names, role: z.enum(APPLICANT_ROLES), careerMonths: z.number(), distanceMonths: z.number() }),
  ),
});

const refundLine = z.object({
  ...names,
  refundCase: z.string(),
  paidKrw: z.number(),
  refundedKrw: z.number(),
  entitledKrw: z.number(),
  refundKrw: z.number(),
  phase: z.nullable(z.string()),
  block: z.nullable(z.enum(['NOT_CHARGED', 'CASE_APPLIED', 'COVERED', 'NO_ENTITLEMENT'])),
  note: z.nullable(z.string()),
});
const groupRefund = {
  refundCase: z.enum(['TEAM_STOP', 'COMPANY_ENDED']),
  lines: z.array(refundLine),
  totalKrw: z.number(),
};
const groupRefundPreview = z.object(groupRefund);
const groupRefundConfirmation = z.object({
  ...groupRefund,
  outcomes: z.array(
    z.union([
      z.object({ ...names, status: z.enum(['REFUNDED', 'PENDING']), refundKrw: z.number() }),
      z.object({ ...names, status: z.literal('NOTHING_TO_REFUND') }),
      z.object({ ...names, status: z.literal('REFUSED'), message: z.string() }),
    ]),
  ),
});

/** Each schema describes its type exactly (a compile error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const described: [
  Same<z.infer<typeof teamHealth>, TeamHealthResponse>,
  Same<z.infer<typeof judging>, JudgingView>,
  Same<z.infer<typeof replacements>, { candidates: ReplacementCandidate[] }>,
  Same<z.infer<typeof groupRefundPreview>, GroupRefundPreview>,
  Same<z.infer<typeof groupRefundConfirmation>, GroupRefundConfirmation>,
] = [true, true, true, true, true];
void described;

/** An answer as the service sends it: the envelope's `ErrorCode` '00' next to the body. */
const answer = <Shape extends z.core.$ZodLooseShape>(schema: z.ZodMiniObject<Shape>) =>
  z.extend(schema, { ErrorCode: z.literal('00') });

/** GET /api/admin/cohorts/{oddId}/team-health */
export const teamHealthAnswer = answer(teamHealth);
/** GET /api/admin/cohorts/{oddId}/judging */
export const judgingAnswer = answer(judging);
/** GET /api/admin/teams/{teamId}/replacements */
export const replacementsAnswer = answer(replacements);
/** POST /api/admin/{teams/{teamId}|cohorts/{oddId}}/refunds/preview */
export const groupRefundPreviewAnswer = answer(groupRefundPreview);
/** POST /api/admin/{teams/{teamId}|cohorts/{oddId}}/refunds */
export const groupRefundConfirmationAnswer = answer(groupRefundConfirmation);
