import path from 'node:path';
import fp from 'fastify-plugin';
import { readInternalCallConfig, serviceUrl, type InternalCallConfig } from '@sq/service-kit';
import { DEFAULT_UPLOAD_DIR } from './storage/local-disk-storage';
import type { S3StorageSettings } from './storage/s3-storage';

/**
 * The careercard service's settings (environment, documented in README.md), read once when the app is built:
 * no other file of the service reads the environment.
 */
export interface CareercardConfig {
  /** The account service: a card's nickname is the member's, only the account can tell whether it is free. */
  accountUrl: string;
  accountTimeoutMs: number;
  /** The itskill service: the member's latest check-up level, for cards that show it. */
  itskillUrl: string;
  /** The public card waits at most this long for the level, then renders without it. */
  skillLevelTimeoutMs: number;
  /** Retries and backoff of every call to another service (service-kit's internal client). */
  internalCalls: InternalCallConfig;
  /** Where uploaded images' bytes are kept (UPLOAD_STORAGE and its settings). */
  uploadStorage: UploadStorageConfig;
}

/**
 * `local` (the default, what `npm start` uses): a folder, UPLOAD_DIR (the stack launcher passes `.data/uploads`).
 * `s3`: an object store through the S3 API, S3_BUCKET in S3_REGION, optionally at S3_ENDPOINT (MinIO and other
 * S3-compatible stores, with S3_FORCE_PATH_STYLE=true), keys under S3_KEY_PREFIX, S3_TIMEOUT_MS per attempt.
 */
export type UploadStorageConfig = { kind: 'local'; dir: string } | { kind: 's3'; s3: S3StorageSettings };

export const UPLOAD_STORAGE_KINDS = ['local', 's3'] as const;
/** Keys of the uploads in a bucket start with this unless S3_KEY_PREFIX says otherwise. */
export const DEFAULT_S3_KEY_PREFIX = 'uploads/';

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer (got ${value}).`);
  return parsed;
}

function required(name: string, value: string | undefined): string {
  if (!value?.trim()) throw new Error(`${name} must be set when UPLOAD_STORAGE=s3.`);
  return value.trim();
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false (got ${value}).`);
  return value === 'true';
}

export function readUploadStorageConfig(env: NodeJS.ProcessEnv = process.env): UploadStorageConfig {
  const kind = env.UPLOAD_STORAGE || 'local';
  if (kind === 'local') return { kind, dir: path.resolve(env.UPLOAD_DIR || DEFAULT_UPLOAD_DIR) };
  if (kind !== 's3') throw new Error(`UPLOAD_STORAGE must be one of ${UPLOAD_STORAGE_KINDS.join(', ')} (got ${kind}).`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) URL (got ${endpoint}).`);
  const keyPrefix = env.S3_KEY_PREFIX ?? DEFAULT_S3_KEY_PREFIX;
  if (!/^([A-Za-z0-9_-]+\/)*$/.test(keyPrefix))
    throw new Error(`S3_KEY_PREFIX must be empty or folder names each ending in / (got ${keyPrefix}).`);
  return {
    kind,
    s3: {
      bucket: required('S3_BUCKET', env.S3_BUCKET),
      region: required('S3_REGION', env.S3_REGION),
      endpoint,
      forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE),
      keyPrefix,
      timeoutMs: positiveInt('S3_TIMEOUT_MS', env.S3_TIMEOUT_MS, 10_000),
    },
  };
}

export function readCareercardConfig(env: NodeJS.ProcessEnv = process.env): CareercardConfig {
  return {
    accountUrl: serviceUrl('account', env),
    accountTimeoutMs: positiveInt('ACCOUNT_TIMEOUT_MS', env.ACCOUNT_TIMEOUT_MS, 5_000),
    itskillUrl: serviceUrl('itskill', env),
    skillLevelTimeoutMs: positiveInt('CARD_SKILL_LEVEL_TIMEOUT_MS', env.CARD_SKILL_LEVEL_TIMEOUT_MS, 1_500),
    internalCalls: readInternalCallConfig(env),
    uploadStorage: readUploadStorageConfig(env),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    careercardConfig: CareercardConfig;
  }
}

/** Read when the app is built (tests set the environment first), then only passed around as `app.careercardConfig`. */
export const careercardConfigPlugin = fp(
  async (app) => {
    app.decorate('careercardConfig', readCareercardConfig());
  },
  { name: 'careercard-config' },
);
