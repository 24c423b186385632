import { z } from 'zod';
import { MESSAGES } from '@sq/contracts';

/**
 * A career card ID as it may appear in a URL: letters and digits, 2 to 20 characters, and never 'admin'
 * in any case (every path containing 'admin' is an operator page for the route guard). The same rule is a
 * CHECK constraint on the table.
 */
export const profileId = z
  .string({ error: MESSAGES.badRequest })
  .regex(/^[A-Za-z0-9]{2,20}$/, MESSAGES.badRequest)
  .refine((id) => !id.toLowerCase().includes('admin'), MESSAGES.badRequest);
