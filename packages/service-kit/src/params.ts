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
