import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startObjectStore } from '@sq/stack/peers/object-store';
import { S3Storage, type S3StorageSettings } from '../../src/storage/s3-storage';

/** Both stores of uploaded bytes: the upload tests run once against each. */
export const UPLOAD_STORAGES = ['local', 's3'] as const;
export type UploadStorageKind = (typeof UPLOAD_STORAGES)[number];

/** The key pair the local object store accepts; the service finds it where the SDK's default chain looks first. */
export const OBJECT_STORE_KEYS = { accessKeyId: 'SQTESTACCESSKEY', secretAccessKey: 'sq-test-secret-access-key' };
export const OBJECT_STORE_BUCKET = 'sq-test-uploads';

/** A store the service is started with (its environment), and a look into it from outside the service. */
export interface StorageUnderTest {
  kind: UploadStorageKind;
  env: Record<string, string>;
  /** The upload ids whose bytes are stored, sorted. */
  storedIds(): Promise<string[]>;
  /** The stored bytes of an upload, read from the store itself. */
  bytes(imgId: string): Promise<Buffer | null>;
  /** Takes the bytes away behind the service's back. */
  remove(imgId: string): Promise<void>;
  close(): Promise<void>;
}

async function localFolder(): Promise<StorageUnderTest> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sq-uploads-'));
  return {
    kind: 'local',
    env: { UPLOAD_STORAGE: 'local', UPLOAD_DIR: dir },
    storedIds: async () => (await fs.readdir(dir)).filter((name) => !name.startsWith('.')).sort(),
    bytes: (imgId) => fs.readFile(path.join(dir, imgId)).catch(() => null),
    remove: (imgId) => fs.rm(path.join(dir, imgId)),
    close: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

async function objectStore(): Promise<StorageUnderTest> {
  const store = await startObjectStore({ buckets: [OBJECT_STORE_BUCKET], ...OBJECT_STORE_KEYS });
  const settings: S3StorageSettings = {
    bucket: OBJECT_STORE_BUCKET,
    region: store.region,
    endpoint: store.endpoint,
    forcePathStyle: true,
    keyPrefix: 'uploads/',
    timeoutMs: 5_000,
  };
  // Deleting behind the service's back goes through the S3 API too, as an operator's tool would.
  const outside = new S3Storage(settings, OBJECT_STORE_KEYS);
  return {
    kind: 's3',
    env: {
      UPLOAD_STORAGE: 's3',
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: store.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: settings.keyPrefix,
      AWS_ACCESS_KEY_ID: OBJECT_STORE_KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: OBJECT_STORE_KEYS.secretAccessKey,
    },
    storedIds: async () =>
      store
        .keys(OBJECT_STORE_BUCKET)
        .filter((key) => key.startsWith(settings.keyPrefix))
        .map((key) => key.slice(settings.keyPrefix.length)),
    bytes: async (imgId) => store.object(OBJECT_STORE_BUCKET, `${settings.keyPrefix}${imgId}`)?.bytes ?? null,
    remove: (imgId) => outside.delete(imgId),
    close: async () => {
      await outside.close();
      await store.close();
    },
  };
}

/**
 * Starts the store and puts its settings into the environment (the service reads them when it is built; the
 * SDK reads the key pair when it first signs, so they stay until `close`, which restores the environment).
 */
export async function startUploadStorage(kind: UploadStorageKind): Promise<StorageUnderTest> {
  const storage = kind === 's3' ? await objectStore() : await localFolder();
  const saved = Object.fromEntries(Object.keys(storage.env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, storage.env);
  return {
    ...storage,
    async close() {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await storage.close();
    },
  };
}
