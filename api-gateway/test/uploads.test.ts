import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD, MESSAGES } from '@sq/contracts';
import { startGateway, startUpstreams, token } from './helpers';

/** A careercard stand-in that records the raw multipart body it was sent. */
let careercard: FastifyInstance;
const seen: { contentType: string | undefined; body: Buffer; identity: boolean }[] = [];
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  upstreams = await startUpstreams();
  careercard = Fastify();
  careercard.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  careercard.post('/api/fileUpload', async (request) => {
    seen.push({
      contentType: request.headers['content-type'],
      body: request.body as Buffer,
      identity: typeof request.headers['x-identity'] === 'string',
    });
    return { ErrorCode: '00', imgId: 'id', imgUrl: '/media/uploads/id' };
  });
  const url = await careercard.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway({ ...upstreams.urls, careercard: url });
});
afterAll(async () => {
  await gateway?.close();
  await careercard?.close();
  await upstreams?.stop();
});

function multipart(bytes: Buffer) {
  const boundary = `----sq${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('POST /api/fileUpload through the gateway', () => {
  it('passes the multipart body through byte for byte, boundary included, with the member’s identity', async () => {
    const { payload, contentType } = multipart(randomBytes(300_000));
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/fileUpload',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token()}` },
    });
    expect(response.statusCode).toBe(200);
    expect(seen.at(-1)?.contentType).toBe(contentType);
    expect(seen.at(-1)?.body.equals(payload)).toBe(true);
    expect(seen.at(-1)?.identity).toBe(true);
  });

  it('refuses visitors before reading the body', async () => {
    const before = seen.length;
    const { payload, contentType } = multipart(Buffer.from('x'));
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/fileUpload',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(401);
    expect(seen.length).toBe(before);
  });

  it('refuses a body declared far larger than any accepted image with the Korean upload message', async () => {
    const before = seen.length;
    const { payload, contentType } = multipart(Buffer.alloc(IMAGE_UPLOAD.maxBytes + 200 * 1024));
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/fileUpload',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token()}` },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ ErrorCode: '40', message: MESSAGES.uploadTooLarge });
    expect(seen.length).toBe(before);
  });
});
