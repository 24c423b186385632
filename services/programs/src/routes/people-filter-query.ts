import { z } from 'zod';
import { MESSAGES } from '@sq/contracts';
import { APPLICATION_STATES } from '@sq/contracts/api/applications';
import { FRIEND_STATUSES, PLACEMENTS } from '@sq/contracts/api/operators/applicants';

/** The query fields of the operators' filters of people, shared by the applicant list and the board. */
export const invalid = { error: MESSAGES.badRequest };
const hours = z.coerce.number(invalid).int(invalid).min(0, invalid).max(80, invalid).optional();

/** Who the applicants are (`PersonFilters` in the contracts): the board's filters. */
export const personFilterFields = z.object({
  role: z.enum(['PLANNER', 'DESIGNER', 'DEVELOPER']).optional(),
  careerYears: z.string().max(30).optional(),
  skillLevel: z.enum(['1', '2', '3', '4', '5', 'none'], invalid).optional(),
  minHours: hours,
  maxHours: hours,
  friendStatus: z.enum(FRIEND_STATUSES, invalid).optional(),
  placement: z.enum(PLACEMENTS, invalid).optional(),
  /** Part of a name, nickname or career card ID (any case). */
  q: z.string().trim().max(50).optional(),
});

/** The applicant list's: the people filters, the application's state and whether it asked for friends. */
export const applicantFilterFields = personFilterFields.extend({
  state: z.enum(APPLICATION_STATES).optional(),
  friends: z.enum(['true', 'false']).optional(),
});

/** A page number, 1 first. */
export const pageField = z.coerce.number(invalid).int(invalid).min(1, invalid).max(1_000_000, invalid);

/** A minimum of weekly hours above the maximum matches nobody: refused with the console's message. */
export const hoursInOrder = <T extends z.ZodType<{ minHours?: number; maxHours?: number }>>(fields: T) =>
  fields.refine((f) => f.minHours === undefined || f.maxHours === undefined || f.minHours <= f.maxHours, {
    message: MESSAGES.adminHoursRangeInvalid,
    path: ['minHours'],
  });
