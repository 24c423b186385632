import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ERROR_CODES,
  IMAGE_UPLOAD,
  MESSAGES,
  ok,
  uploadUrl,
  type FileUploadResponse,
  type ImageContentType,
} from '@sq/contracts';
import { ApiError, badRequest, notFound, requireMember } from '@sq/service-kit';

/** At most this many uploads per member per hour (counted in PostgreSQL, so right with several instances). */
export const UPLOADS_PER_HOUR = 30;

const quotaReached = () => new ApiError(429, MESSAGES.tooManyRequests);

const tooLarge = () =>
  new ApiError(413, MESSAGES.uploadTooLarge, ERROR_CODES.badRequest, { file: MESSAGES.uploadTooLarge });
const wrongType = () =>
  new ApiError(415, MESSAGES.uploadTypeInvalid, ERROR_CODES.badRequest, { file: MESSAGES.uploadTypeInvalid });
const noFile = () => badRequest(MESSAGES.uploadFileRequired, { file: MESSAGES.uploadFileRequired });

/** The image type the bytes themselves show (their signature), whatever the browser declared. */
export function sniffImageType(bytes: Buffer): ImageContentType | null {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Multipart's own errors, in the envelope's words: too large, too many parts, or a form cut short. */
function multipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return noFile();
  // Several files, too many fields, a malformed or truncated body: a bad request, never a 500.
  return badRequest(MESSAGES.badRequest);
}

const mediaParams = z.object({ imgId: z.string() });
const isUploadId = (value: string) => z.uuid().safeParse(value).success;

/**
 * POST /api/fileUpload (members): one PNG, JPEG or WebP image of at most 5 MB, judged by its bytes. The bytes go
 * to the file storage, a row records the owner; the answer's `imgId` is what onboarding and the card editor
 * send back to attach it (only to the uploader's own card). GET /media/uploads/{imgId} serves it to anyone.
 */
const uploadRoutes: FastifyPluginAsync = async (app) => {
  const uploads = app.uploadRepository;
  // Only in this plugin: nothing else in the service accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_UPLOAD.maxBytes, files: 1, fields: 5, fieldSize: 1_000, parts: 6, headerPairs: 20 },
  });

  app.post(
    '/api/fileUpload',
    {
      schema: {
        tags: ['upload'],
        summary: '이미지 업로드 (multipart, PNG/JPG/WEBP, 5MB 이하)',
        consumes: ['multipart/form-data'],
      },
      preHandler: requireMember,
    },
    async (request, reply): Promise<FileUploadResponse> => {
      const owner = request.identity!.userId;
      // A cheap early refusal before reading the body; the binding check is taken again under a lock below.
      if ((await uploads.uploadsInLastHour(owner)) >= UPLOADS_PER_HOUR) throw quotaReached();
      if (!request.isMultipart()) throw noFile();

      // Every part is read, so the connection is left clean whatever the client sent.
      let image: { bytes: Buffer; declared: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const bytes = await part.toBuffer();
          if (image) throw badRequest(MESSAGES.badRequest);
          image = { bytes, declared: part.mimetype };
        }
      } catch (error) {
        throw multipartError(error);
      }
      if (!image || image.bytes.length === 0) throw noFile();
      const declaredOk = (IMAGE_UPLOAD.types as readonly string[]).includes(image.declared.toLowerCase());
      const contentType = sniffImageType(image.bytes);
      if (!declaredOk || !contentType) throw wrongType();

      const imgId = randomUUID();
      // The row is the claim, taken under the member's lock (the repository says how); the bytes are written
      // after the lock is released and the row is taken back if they cannot be.
      const claimed = await uploads.claim(
        { fileId: imgId, ownerUserId: owner, contentType, sizeBytes: image.bytes.length },
        UPLOADS_PER_HOUR,
      );
      if (!claimed) throw quotaReached();
      try {
        await app.fileStorage.put(imgId, image.bytes, contentType);
      } catch (error) {
        await uploads.remove(imgId);
        await app.fileStorage.delete(imgId).catch(() => undefined);
        throw error;
      }
      reply.status(201);
      return ok({ imgId, imgUrl: uploadUrl(imgId) });
    },
  );

  app.get<{ Params: z.infer<typeof mediaParams> }>(
    '/media/uploads/:imgId',
    { schema: { tags: ['upload'], summary: '업로드한 이미지', params: mediaParams } },
    async (request, reply) => {
      const { imgId } = request.params;
      const contentType = isUploadId(imgId) ? await uploads.contentType(imgId) : null;
      const bytes = contentType ? await app.fileStorage.get(imgId) : null;
      if (!contentType || !bytes) throw notFound();
      return (
        reply
          .header('content-type', contentType)
          .header('content-length', bytes.length)
          .header('x-content-type-options', 'nosniff')
          // An id never names other bytes: cache for a year. Withdrawal deletes the file; caches may keep it until then.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(bytes)
      );
    },
  );
};

export default uploadRoutes;
