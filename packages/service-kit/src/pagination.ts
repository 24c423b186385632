import { z } from 'zod';
import { MESSAGES } from '@sq/contracts';

/** `page` (1-based) and `size` query parameters, shared by every paginated list. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: MESSAGES.badRequest })
    .int(MESSAGES.badRequest)
    .min(1, MESSAGES.badRequest)
    .max(10_000, MESSAGES.badRequest)
    .default(1),
  size: z.coerce
    .number({ error: MESSAGES.badRequest })
    .int(MESSAGES.badRequest)
    .min(1, MESSAGES.badRequest)
    .max(50, MESSAGES.badRequest)
    .default(12),
});

export function pageWindow({ page, size }: { page: number; size: number }) {
  return { limit: size, offset: (page - 1) * size };
}
