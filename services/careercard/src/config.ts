import path from 'node:path';
import fp from 'fastify-plugin';
import { readInternalCallConfig, serviceUrl, type InternalCallConfig } from '@sq/service-kit';
import { DEFAULT_UPLOAD_DIR } from './storage/file-storage';

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
  /** Where uploaded images are kept (local disk; the stack launcher passes UPLOAD_DIR). */
  uploadDir: string;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer (got ${value}).`);
  return parsed;
}

export function readCareercardConfig(env: NodeJS.ProcessEnv = process.env): CareercardConfig {
  return {
    accountUrl: serviceUrl('account', env),
    accountTimeoutMs: positiveInt('ACCOUNT_TIMEOUT_MS', env.ACCOUNT_TIMEOUT_MS, 5_000),
    itskillUrl: serviceUrl('itskill', env),
    skillLevelTimeoutMs: positiveInt('CARD_SKILL_LEVEL_TIMEOUT_MS', env.CARD_SKILL_LEVEL_TIMEOUT_MS, 1_500),
    internalCalls: readInternalCallConfig(env),
    uploadDir: path.resolve(env.UPLOAD_DIR || DEFAULT_UPLOAD_DIR),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    careercardConfig: CareercardConfig;
  }
}

/** Read when the app is built (tests set the environment first), then only passed around as `app.careercardConfig`. */
export const careercardConfigPlugin = fp(async (app) => {
  app.decorate('careercardConfig', readCareercardConfig());
}, { name: 'careercard-config' });
