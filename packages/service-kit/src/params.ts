import { z } from 'zod';
import { MESSAGES } from '@sq/contracts';

/**
 * A numeric record id in a path or query (oddId, productId, storyId, ...): a positive PostgreSQL integer.
 * Anything else is a 400 with the Korean message, never a database error.
 */
export const idParam = z.coerce
  .number({ error: MESSAGES.badRequest })
  .int(MESSAGES.badRequest)
  .positive(MESSAGES.badRequest)
  .max(2_147_483_647, MESSAGES.badRequest);

/** Years PostgreSQL and JavaScript both read the same way (no year 0, no 5-digit years). */
const YEARS = { min: 1900, max: 9999 };
const yearOf = (value: string) => Number(value.slice(0, 4));

/**
 * A calendar day `YYYY-MM-DD` that exists (no 2026-02-30, no month 13), so PostgreSQL never refuses it with
 * a 5xx; the message is the field's own.
 */
export const calendarDay = (message: string = MESSAGES.badRequest) =>
  z.iso.date({ error: message }).refine((value) => yearOf(value) >= YEARS.min && yearOf(value) <= YEARS.max, message);

/**
 * An instant with an explicit offset (ISO 8601), handed on in UTC: PostgreSQL refuses offsets of 16 hours or
 * more and JavaScript accepts them, so the service stores the normalised form.
 */
export const instant = (message: string = MESSAGES.badRequest) =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine((value) => Number.isFinite(Date.parse(value)), message)
    .transform((value) => new Date(value).toISOString())
    .refine((value) => yearOf(value) >= YEARS.min && yearOf(value) <= YEARS.max, message);
