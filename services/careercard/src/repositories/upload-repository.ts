import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { ImageContentType } from '@sq/contracts';

/** The advisory-lock class of the upload quota (the second key is the member's id). */
const UPLOAD_QUOTA_LOCK = 0x5571_0001;

/** What a claimed upload records: its id, whose it is, and what the bytes are. */
export interface UploadClaim {
  fileId: string;
  ownerUserId: number;
  contentType: ImageContentType;
  sizeBytes: number;
}

async function uploadsInLastHour(db: Knex, owner: number): Promise<number> {
  const row = await db('upload')
    .where({ owner_user_id: owner })
    .andWhere('created_at', '>', db.raw("now() - interval '1 hour'"))
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** The uploaded images' rows: who uploaded which file, of what type (the bytes are in the file storage). */
export function createUploadRepository(knex: Knex) {
  return {
    /** How many images the member uploaded in the last hour. */
    uploadsInLastHour: (owner: number) => uploadsInLastHour(knex, owner),

    /**
     * Records the upload unless the member already has `perHour` in the last hour (then false, nothing
     * recorded). Count and claim run in one transaction holding the member's advisory lock: concurrent
     * uploads of one member (on any instance) take turns, so no two of them both see the last free slot.
     */
    claim: (upload: UploadClaim, perHour: number): Promise<boolean> =>
      knex.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(?, ?)', [UPLOAD_QUOTA_LOCK, upload.ownerUserId]);
        if ((await uploadsInLastHour(trx, upload.ownerUserId)) >= perHour) return false;
        await trx('upload').insert({
          file_id: upload.fileId,
          owner_user_id: upload.ownerUserId,
          content_type: upload.contentType,
          size_bytes: upload.sizeBytes,
        });
        return true;
      }),

    /** Takes a claim back (its bytes could not be stored). */
    async remove(fileId: string): Promise<void> {
      await knex('upload').where({ file_id: fileId }).delete();
    },

    /** The stored type of the upload, or null when there is no such upload. */
    async contentType(fileId: string): Promise<string | null> {
      const row = await knex('upload').where({ file_id: fileId }).first('content_type');
      return row ? (row.content_type as string) : null;
    },

    /** Which of the files the member uploaded (the others are someone else's or unknown). */
    ownedBy: (userId: number, fileIds: readonly string[]): Promise<string[]> =>
      knex('upload').whereIn('file_id', fileIds).where({ owner_user_id: userId }).pluck('file_id'),
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    uploadRepository: UploadRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('uploadRepository', createUploadRepository(app.knex));
  },
  { name: 'upload-repository', dependencies: ['knex'] },
);
