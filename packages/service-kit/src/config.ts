import { refuseDevInternalSecret } from './production';

/** Settings every service reads from the environment, with the local defaults of the embedded stack. */
export interface ServiceConfig {
  databaseUrl: string;
  /** Shared with the gateway: signs identity headers and authorises service-to-service calls. */
  internalSecret: string;
  logLevel: string;
}

export const DEV_INTERNAL_SECRET = 'dev-internal-secret-change-me';

export function readServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error('DATABASE_URL is not set (the stack launcher sets it for the embedded PostgreSQL).');
  return { databaseUrl, internalSecret: readInternalSecret(env), logLevel: env.LOG_LEVEL ?? 'info' };
}

/** INTERNAL_SECRET, or the development fallback outside production (production refuses dev secrets). */
export function readInternalSecret(env: NodeJS.ProcessEnv = process.env): string {
  refuseDevInternalSecret(env.INTERNAL_SECRET, DEV_INTERNAL_SECRET, env);
  return env.INTERNAL_SECRET ?? DEV_INTERNAL_SECRET;
}

/** Where each service listens by default; the gateway's route table uses the same map. */
export const SERVICE_PORTS = {
  account: 4101,
  content: 4102,
  programs: 4103,
  careercard: 4104,
  itskill: 4105,
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;

export function serviceUrl(name: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  return env[`${name.toUpperCase()}_SERVICE_URL`] ?? `http://127.0.0.1:${SERVICE_PORTS[name]}`;
}
