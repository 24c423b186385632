import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { IMAGE_UPLOAD, MESSAGES, type CareerCardResponse, type FileUploadResponse } from '@sq/contracts';
import { careercardService } from '../src/service';
import { UPLOADS_PER_HOUR, sniffImageType } from '../src/routes/uploads';
import { anotherInstance } from './support/instance';
import { UPLOAD_STORAGES, startUploadStorage, type StorageUnderTest } from './support/upload-storages';

const OWNER = 9001;
const OTHER = 9002;

/** A valid 1x1 PNG (67 bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(60)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  randomBytes(40),
]);

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}
/** A multipart/form-data body as a browser sends it. */
function form(parts: Part[]) {
  const boundary = `----sqtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const file = (data: Buffer | string, type = 'image/png', filename = 'me.png'): Part => ({
  name: IMAGE_UPLOAD.field,
  data,
  type,
  filename,
});

/** Every behaviour below holds with either store of the bytes (UPLOAD_STORAGE). */
describe.each(UPLOAD_STORAGES)('with UPLOAD_STORAGE=%s', (kind) => {
  let service: TestService;
  let storage: StorageUnderTest;
  beforeAll(async () => {
    storage = await startUploadStorage(kind);
    service = await build(careercardService);
    await createCard('upowner1', OWNER);
    await createCard('upother1', OTHER);
  });
  afterAll(async () => {
    await service?.close();
    await storage?.close();
  });

  const member = (userId: number) => service.as({ userId, role: 'ROLE_USER', sid: `s${userId}` });
  function upload(body: { payload: Buffer | string; headers: Record<string, string> }, userId: number | null = OWNER) {
    return service.app.inject({
      method: 'POST',
      url: '/api/fileUpload',
      payload: body.payload,
      headers: { ...body.headers, ...(userId ? member(userId) : {}) },
    });
  }
  const uploadCount = async () => Number((await service.app.knex('upload').count({ n: '*' }).first())!.n);
  const storedFiles = () => storage.storedIds();

  async function createCard(profileId: string, userId: number) {
    const response = await service.app.inject({
      method: 'POST',
      url: '/internal/profiles',
      headers: { ...service.internalHeaders, 'idempotency-key': `key-${profileId}` },
      payload: { profileId, userId, userAlias: profileId, jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  const attach = (profileId: string, imgId: string | null) =>
    service.app.inject({
      method: 'PATCH',
      url: `/internal/profiles/${profileId}`,
      headers: service.internalHeaders,
      payload: { imgId },
    });
  const cardImage = async (profileId: string) =>
    (await service.app.inject({ method: 'GET', url: `/api/profile/${profileId}` })).json<CareerCardResponse>().profile
      .imgUrl;

  /** Expects a refusal with the Korean message and nothing stored, neither row nor file. */
  async function expectRefused(
    send: () => Promise<{ statusCode: number; json(): unknown }>,
    status: number,
    message: string,
  ) {
    const [rows, files] = [await uploadCount(), await storedFiles()];
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ ErrorCode: status === 401 ? '41' : '40', message });
    expect(await uploadCount()).toBe(rows);
    expect(await storedFiles()).toEqual(files);
  }

  describe('POST /api/fileUpload', () => {
    it('stores a PNG for its owner and serves the very same bytes with its type, nosniff and a long cache', async () => {
      const response = await upload(form([file(PNG)]));
      expect(response.statusCode).toBe(201);
      const body = response.json<FileUploadResponse & { ErrorCode: string }>();
      expect(body).toEqual({
        ErrorCode: '00',
        imgId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        imgUrl: `/media/uploads/${body.imgId}`,
      });

      const row = await service.app.knex('upload').where({ file_id: body.imgId }).first();
      expect(row).toMatchObject({ owner_user_id: OWNER, content_type: 'image/png', size_bytes: PNG.length });
      expect(row.created_at).toBeInstanceOf(Date);
      expect(await storage.bytes(body.imgId)).toEqual(PNG);

      const served = await service.app.inject({ method: 'GET', url: body.imgUrl });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(served.headers['content-length'])).toBe(PNG.length);
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    });

    it('takes JPEG and WebP, and keeps the type the bytes show, not the declared one', async () => {
      for (const [bytes, declared, expected] of [
        [JPEG, 'image/jpeg', 'image/jpeg'],
        [WEBP, 'image/webp', 'image/webp'],
        [JPEG, 'image/png', 'image/jpeg'],
      ] as const) {
        const response = await upload(form([{ name: 'description', data: '프로필' }, file(bytes, declared, 'photo')]));
        expect(response.statusCode, declared).toBe(201);
        const { imgUrl } = response.json<FileUploadResponse>();
        const served = await service.app.inject({ method: 'GET', url: imgUrl });
        expect(served.headers['content-type']).toBe(expected);
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('judges the file by its magic bytes, not only its declared type', async () => {
      const html = '<html><script>alert(1)</script></html>';
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
      for (const part of [
        file(html, 'image/png'),
        file(svg, 'image/svg+xml', 'x.svg'),
        file(PNG, 'image/svg+xml', 'x.svg'),
        file(PNG, 'text/html', 'x.html'),
        file(gif, 'image/gif', 'x.gif'),
        file(PNG.subarray(0, 4), 'image/png'),
        file(Buffer.from('RIFF\x00\x00\x00\x00AVI LIST', 'latin1'), 'image/webp'),
      ]) {
        await expectRefused(() => upload(form([part])), 415, MESSAGES.uploadTypeInvalid);
      }
    });

    it('refuses a file over 5 MB and takes one of exactly 5 MB', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD.maxBytes - PNG.length + 1)]);
      await expectRefused(() => upload(form([file(big)])), 413, MESSAGES.uploadTooLarge);
      const exact = upload(form([file(big.subarray(0, IMAGE_UPLOAD.maxBytes))]));
      expect((await exact).statusCode).toBe(201);
    });

    it('asks for a file when there is none', async () => {
      await expectRefused(() => upload(form([{ name: 'file', data: 'not a file' }])), 400, MESSAGES.uploadFileRequired);
      await expectRefused(() => upload(form([])), 400, MESSAGES.uploadFileRequired);
      await expectRefused(() => upload(form([file(Buffer.alloc(0))])), 400, MESSAGES.uploadFileRequired);
      await expectRefused(
        () => upload({ payload: JSON.stringify({ file: 'x' }), headers: { 'content-type': 'application/json' } }),
        400,
        MESSAGES.uploadFileRequired,
      );
      const none = await service.app.inject({ method: 'POST', url: '/api/fileUpload', headers: member(OWNER) });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ ErrorCode: '40', message: MESSAGES.uploadFileRequired });
    });

    it('refuses several files, a cut-off body and a missing boundary without a 500', async () => {
      await expectRefused(() => upload(form([file(PNG), file(PNG)])), 400, MESSAGES.badRequest);
      const whole = form([file(PNG)]);
      await expectRefused(
        () => upload({ payload: whole.payload.subarray(0, whole.payload.length - 30), headers: whole.headers }),
        400,
        MESSAGES.badRequest,
      );
      const noBoundary = await upload({ payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } });
      expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
      expect(noBoundary.statusCode).toBeLessThan(500);
    });

    it('is for members only', async () => {
      await expectRefused(() => upload(form([file(PNG)]), null), 401, MESSAGES.signInRequired);
      const forged = await service.app.inject({
        method: 'POST',
        url: '/api/fileUpload',
        ...form([file(PNG)]),
        headers: { ...form([file(PNG)]).headers, 'x-identity': 'eyJ1c2VySWQiOjF9', 'x-identity-signature': 'guess' },
      });
      expect(forged.statusCode).toBe(401);
    });

    it(`limits a member to ${UPLOADS_PER_HOUR} uploads an hour`, async () => {
      const busy = 9050;
      await service.app.knex('upload').insert(
        Array.from({ length: UPLOADS_PER_HOUR }, () => ({
          file_id: crypto.randomUUID(),
          owner_user_id: busy,
          content_type: 'image/png',
          size_bytes: 1,
        })),
      );
      const refused = await upload(form([file(PNG)]), busy);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ ErrorCode: '29', message: MESSAGES.tooManyRequests });
      expect((await upload(form([file(PNG)]), busy + 1)).statusCode).toBe(201);
    });

    it(`holds the quota under concurrency: of 50 uploads sent at once, exactly ${UPLOADS_PER_HOUR} are kept`, async () => {
      const racer = 9060;
      const [rows, files] = [await uploadCount(), (await storedFiles()).length];
      const responses = await Promise.all(Array.from({ length: 50 }, () => upload(form([file(PNG)]), racer)));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(UPLOADS_PER_HOUR);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50 - UPLOADS_PER_HOUR);
      expect(await service.app.knex('upload').where({ owner_user_id: racer }).count({ n: '*' }).first()).toEqual({
        n: String(UPLOADS_PER_HOUR),
      });
      // Refused uploads leave neither a row nor a file behind.
      expect(await uploadCount()).toBe(rows + UPLOADS_PER_HOUR);
      expect((await storedFiles()).length).toBe(files + UPLOADS_PER_HOUR);
    });
  });

  it('serves an image uploaded through one instance from another, as the pods of a Deployment share the store', async () => {
    const other = await anotherInstance(service, {});
    try {
      const { imgUrl } = (await upload(form([file(PNG)]))).json<FileUploadResponse>();
      const served = await other.inject({ method: 'GET', url: imgUrl });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
    } finally {
      await other.close();
    }
  });

  describe('when the store cannot take or give the bytes', () => {
    // A folder that cannot be made, or a bucket that does not exist (the store answers NoSuchBucket).
    const unusable: Record<string, string> =
      kind === 's3' ? { S3_BUCKET: 'no-such-bucket' } : { UPLOAD_DIR: '/dev/null/uploads' };

    it('refuses the upload with the default error and keeps no row, so nothing half-stored is ever attached', async () => {
      const broken = await anotherInstance(service, unusable);
      try {
        const [rows, files] = [await uploadCount(), await storedFiles()];
        const body = form([file(PNG)]);
        const response = await broken.inject({
          method: 'POST',
          url: '/api/fileUpload',
          payload: body.payload,
          headers: { ...body.headers, ...member(OWNER) },
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ message: MESSAGES.defaultError });
        expect(await uploadCount()).toBe(rows);
        expect(await storedFiles()).toEqual(files);
      } finally {
        await broken.close();
      }
    });

    it('answers an error, never an empty or partial image, when the bytes cannot be read', async () => {
      const { imgUrl } = (await upload(form([file(PNG)]))).json<FileUploadResponse>();
      const broken = await anotherInstance(service, unusable);
      try {
        const served = await broken.inject({ method: 'GET', url: imgUrl });
        expect(served.statusCode).toBe(500);
        expect(served.headers['cache-control'] ?? '').not.toContain('immutable');
      } finally {
        await broken.close();
      }
      expect((await service.app.inject({ method: 'GET', url: imgUrl })).statusCode).toBe(200);
    });
  });

  describe('GET /media/uploads/{imgId}', () => {
    it('answers 404 for unknown, malformed and path-like ids', async () => {
      for (const id of [crypto.randomUUID(), 'not-an-id', '..%2F..%2Fpackage.json', '%2E%2E', '.tmp']) {
        const response = await service.app.inject({ method: 'GET', url: `/media/uploads/${id}` });
        expect(response.statusCode, id).toBe(404);
      }
      // Far beyond any id: the router refuses it before the route, never a 500.
      const long = await service.app.inject({ method: 'GET', url: `/media/uploads/${'a'.repeat(200)}` });
      expect(long.statusCode).toBe(400);
    });

    it('answers 404 when the row exists but the bytes are gone', async () => {
      const { imgId, imgUrl } = (await upload(form([file(PNG)]))).json<FileUploadResponse>();
      await storage.remove(imgId);
      expect((await service.app.inject({ method: 'GET', url: imgUrl })).statusCode).toBe(404);
    });
  });

  describe('attaching an upload to a career card (internal PATCH from onboarding)', () => {
    it('sets the card picture from the member’s own upload, and null takes it off', async () => {
      const { imgId, imgUrl } = (await upload(form([file(PNG)]), OWNER)).json<FileUploadResponse>();
      const response = await attach('upowner1', imgId);
      expect(response.statusCode).toBe(200);
      expect(await cardImage('upowner1')).toBe(imgUrl);
      const served = await service.app.inject({ method: 'GET', url: (await cardImage('upowner1'))! });
      expect(served.rawPayload.equals(PNG)).toBe(true);

      expect((await attach('UPOWNER1', null)).statusCode).toBe(200);
      expect(await cardImage('upowner1')).toBeNull();
    });

    it('never attaches another member’s upload, an unknown id or a malformed one', async () => {
      const { imgId } = (await upload(form([file(PNG)]), OWNER)).json<FileUploadResponse>();
      const before = await cardImage('upother1');
      const borrowed = await attach('upother1', imgId);
      expect(borrowed.statusCode).toBe(400);
      expect(borrowed.json()).toEqual({
        ErrorCode: '40',
        message: MESSAGES.imageInvalid,
        fields: { imgId: MESSAGES.imageInvalid },
      });
      expect((await attach('upother1', crypto.randomUUID())).statusCode).toBe(400);
      for (const bad of ['/media/uploads/x', 'https://evil.example/x.png', 12]) {
        const response = await service.app.inject({
          method: 'PATCH',
          url: '/internal/profiles/upother1',
          headers: service.internalHeaders,
          payload: { imgId: bad },
        });
        expect(response.statusCode, String(bad)).toBe(400);
      }
      // The old way of setting any URL is gone: an unknown field changes nothing.
      await service.app.inject({
        method: 'PATCH',
        url: '/internal/profiles/upother1',
        headers: service.internalHeaders,
        payload: { imgUrl: 'https://evil.example/x.png' },
      });
      expect(await cardImage('upother1')).toBe(before);
    });

    it('answers 404 for a card that does not exist', async () => {
      const { imgId } = (await upload(form([file(PNG)]), OWNER)).json<FileUploadResponse>();
      expect((await attach('nosuchcard1', imgId)).statusCode).toBe(404);
    });

    it('deletes the member’s uploads when the card is retired (withdrawal)', async () => {
      await createCard('upleaver1', 9003);
      const { imgId, imgUrl } = (await upload(form([file(PNG)]), 9003)).json<FileUploadResponse>();
      expect((await attach('upleaver1', imgId)).statusCode).toBe(200);
      expect(await storage.bytes(imgId)).toEqual(PNG);
      const kept = (await upload(form([file(PNG)]), OWNER)).json<FileUploadResponse>();
      const retired = await service.app.inject({
        method: 'POST',
        url: '/internal/profiles/upleaver1/retire',
        headers: service.internalHeaders,
        payload: {},
      });
      expect(retired.statusCode).toBe(200);
      expect((await service.app.inject({ method: 'GET', url: imgUrl })).statusCode).toBe(404);
      expect(await service.app.knex('upload').where({ owner_user_id: 9003 }).first()).toBeUndefined();
      expect(await storage.bytes(imgId)).toBeNull();
      expect((await service.app.inject({ method: 'GET', url: kept.imgUrl })).statusCode).toBe(200);
    });
  });
});

describe('sniffImageType', () => {
  it('knows PNG, JPEG and WebP by their signatures and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    for (const other of [
      Buffer.alloc(0),
      Buffer.from('GIF89a'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('RIFF0000WAVE'),
      Buffer.from([0xff, 0xd8]),
    ]) {
      expect(sniffImageType(other)).toBeNull();
    }
  });
});
