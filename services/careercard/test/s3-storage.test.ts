import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startObjectStore, type LocalObjectStore } from '@sq/stack/peers/object-store';
import { DEFAULT_S3_KEY_PREFIX, readUploadStorageConfig } from '../src/config';
import { DEFAULT_UPLOAD_DIR } from '../src/storage/local-disk-storage';
import { S3Storage, type S3StorageSettings } from '../src/storage/s3-storage';
import { OBJECT_STORE_BUCKET, OBJECT_STORE_KEYS } from './support/upload-storages';

let store: LocalObjectStore;
let settings: S3StorageSettings;
const opened: S3Storage[] = [];
beforeAll(async () => {
  store = await startObjectStore({ buckets: [OBJECT_STORE_BUCKET], ...OBJECT_STORE_KEYS, region: 'ap-northeast-2' });
  settings = {
    bucket: OBJECT_STORE_BUCKET,
    region: 'ap-northeast-2',
    endpoint: store.endpoint,
    forcePathStyle: true,
    keyPrefix: 'uploads/',
    timeoutMs: 5_000,
  };
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((storage) => storage.close()));
});
afterAll(() => store?.close());

function storage(
  change: Partial<S3StorageSettings> = {},
  credentials: { accessKeyId: string; secretAccessKey: string } = OBJECT_STORE_KEYS,
) {
  const opening = new S3Storage({ ...settings, ...change }, credentials);
  opened.push(opening);
  return opening;
}
const id = () => crypto.randomUUID();

describe('S3Storage against an S3-speaking store', () => {
  it('puts, gets and deletes an object under the key prefix, with its content type', async () => {
    const key = id();
    const bytes = Buffer.from('\x89PNG\r\n\x1a\n some image bytes', 'latin1');
    await storage().put(key, bytes, 'image/png');
    expect(store.object(OBJECT_STORE_BUCKET, `uploads/${key}`)).toMatchObject({ bytes, contentType: 'image/png' });
    expect(await storage().get(key)).toEqual(bytes);
    await storage().delete(key);
    expect(store.keys(OBJECT_STORE_BUCKET)).not.toContain(`uploads/${key}`);
    expect(await storage().get(key)).toBeNull();
    // Deleting what is not there is no error (S3 answers 204).
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it('answers HeadObject with the size and type, and NotFound for a missing key', async () => {
    const key = id();
    await storage().put(key, Buffer.from('12345'), 'image/webp');
    const client = new S3Client({
      region: settings.region,
      endpoint: store.endpoint,
      forcePathStyle: true,
      credentials: OBJECT_STORE_KEYS,
    });
    try {
      expect(
        await client.send(new HeadObjectCommand({ Bucket: OBJECT_STORE_BUCKET, Key: `uploads/${key}` })),
      ).toMatchObject({ ContentLength: 5, ContentType: 'image/webp' });
      await expect(
        client.send(new HeadObjectCommand({ Bucket: OBJECT_STORE_BUCKET, Key: `uploads/${id()}` })),
      ).rejects.toMatchObject({ name: 'NotFound' });
    } finally {
      client.destroy();
    }
  });

  it('keeps uploads apart from other data of a shared bucket by the prefix', async () => {
    const key = id();
    await storage({ keyPrefix: 'site-a/uploads/' }).put(key, Buffer.from('a'), 'image/png');
    expect(store.keys(OBJECT_STORE_BUCKET)).toContain(`site-a/uploads/${key}`);
    expect(await storage().get(key)).toBeNull();
  });

  it('is refused, and stores nothing, with a wrong secret, an unknown key id or the wrong region', async () => {
    const before = store.keys(OBJECT_STORE_BUCKET);
    const refusedBefore = store.refusedRequests();
    const key = id();
    await expect(
      storage({}, { ...OBJECT_STORE_KEYS, secretAccessKey: 'not-the-secret' }).put(key, Buffer.from('x'), 'image/png'),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    await expect(
      storage({}, { ...OBJECT_STORE_KEYS, secretAccessKey: 'not-the-secret' }).get(key),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(
      storage({}, { ...OBJECT_STORE_KEYS, accessKeyId: 'SOMEONEELSE' }).put(key, Buffer.from('x'), 'image/png'),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
    await expect(storage({ region: 'us-west-2' }).put(key, Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
    });
    expect(store.keys(OBJECT_STORE_BUCKET)).toEqual(before);
    expect(store.refusedRequests()).toBeGreaterThan(refusedBefore);
  });

  it('is refused when the body is changed after signing', async () => {
    const tampering = storage();
    // Runs after signing, just before the request leaves: what a man in the middle would do to the body.
    (
      tampering as unknown as { client: { middlewareStack: { add: (m: unknown, o: unknown) => void } } }
    ).client.middlewareStack.add(
      (next: (args: { request: { body: unknown } }) => Promise<unknown>) =>
        async (args: { request: { body: unknown } }) => {
          args.request.body = Buffer.from('<img src=x>'); // as long as the real one, so only the bytes differ
          return next(args);
        },
      { step: 'deserialize', priority: 'low' },
    );
    const key = id();
    await expect(tampering.put(key, Buffer.from('a real png!'), 'image/png')).rejects.toMatchObject({
      name: 'XAmzContentSHA256Mismatch',
      $metadata: { httpStatusCode: 400 },
    });
    expect(store.object(OBJECT_STORE_BUCKET, `uploads/${key}`)).toBeUndefined();
  });

  it('refuses an unsigned request with S3’s XML error', async () => {
    const key = id();
    await storage().put(key, Buffer.from('secret-ish'), 'image/png');
    const anonymous = await fetch(`${store.endpoint}/${OBJECT_STORE_BUCKET}/uploads/${key}`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('names a missing bucket, and never takes a key that could leave the prefix', async () => {
    await expect(storage({ bucket: 'no-such-bucket' }).get(id())).rejects.toMatchObject({ name: 'NoSuchBucket' });
    for (const key of ['../other', 'a/b', '', '.hidden'])
      await expect(storage().put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid storage key/);
  });
});

describe('UPLOAD_STORAGE and the S3 settings', () => {
  const s3 = { UPLOAD_STORAGE: 's3', S3_BUCKET: 'uploads-bucket', S3_REGION: 'ap-northeast-2' };

  it('keeps the local folder by default, in UPLOAD_DIR when given', () => {
    expect(readUploadStorageConfig({})).toEqual({ kind: 'local', dir: DEFAULT_UPLOAD_DIR });
    expect(readUploadStorageConfig({ UPLOAD_DIR: '/srv/uploads' })).toEqual({ kind: 'local', dir: '/srv/uploads' });
  });

  it('reads the object store’s settings, with AWS S3 and virtual-hosted addressing by default', () => {
    expect(readUploadStorageConfig(s3)).toEqual({
      kind: 's3',
      s3: {
        bucket: 'uploads-bucket',
        region: 'ap-northeast-2',
        endpoint: undefined,
        forcePathStyle: false,
        keyPrefix: DEFAULT_S3_KEY_PREFIX,
        timeoutMs: 10_000,
      },
    });
    expect(
      readUploadStorageConfig({
        ...s3,
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_KEY_PREFIX: '',
        S3_TIMEOUT_MS: '3000',
      }),
    ).toMatchObject({
      s3: { endpoint: 'http://minio:9000', forcePathStyle: true, keyPrefix: '', timeoutMs: 3000 },
    });
  });

  it.each([
    [{ UPLOAD_STORAGE: 'gcs' }, /UPLOAD_STORAGE must be one of local, s3/],
    [{ ...s3, S3_BUCKET: '' }, /S3_BUCKET must be set/],
    [{ ...s3, S3_REGION: undefined }, /S3_REGION must be set/],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ ...s3, S3_KEY_PREFIX: '../' }, /S3_KEY_PREFIX/],
    [{ ...s3, S3_KEY_PREFIX: 'uploads' }, /S3_KEY_PREFIX/],
    [{ ...s3, S3_TIMEOUT_MS: '0' }, /S3_TIMEOUT_MS must be a positive integer/],
  ])('refuses to start with %o', (env, message) => {
    expect(() => readUploadStorageConfig(env)).toThrow(message);
  });
});
