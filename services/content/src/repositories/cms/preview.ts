import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { storeOf } from './kinds';

/** `?preview={token}` on a public content path: honoured for operators only, ignored for everyone else. */
export const previewQuery = z.object({ preview: z.uuid().optional() });

/**
 * Renders a public answer, for an operator with a preview token, as it will be once the draft is published:
 * the draft is written into the published tables inside a transaction that is always rolled back, so the
 * preview goes through the very same reads and composition as the public page, and no visitor ever sees it.
 * A token that is unknown (or whose draft was published since) renders the public answer.
 */
export async function withPreview<T>(
  app: FastifyInstance,
  request: FastifyRequest<{ Querystring: { preview?: string } }>,
  render: (db: Knex, draft: { itemId: number; body: unknown } | null) => Promise<T>,
): Promise<T> {
  const token = request.query.preview;
  if (!token || request.identity?.role !== 'ROLE_ADMIN') return render(app.knex, null);
  const draft = await app.cmsRepository.draftByToken(token);
  if (!draft) return render(app.knex, null);
  const trx = await app.knex.transaction();
  try {
    const store = storeOf(draft.kind);
    await store.write(trx, draft.itemId, draft.body);
    await trx(store.table).where(store.idColumn, draft.itemId).update({ published: true });
    return await render(trx, draft);
  } finally {
    await trx.rollback();
  }
}
