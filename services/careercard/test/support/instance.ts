import type { FastifyInstance } from 'fastify';
import { buildService, DEV_INTERNAL_SECRET } from '@sq/service-kit';
import type { TestService } from '@sq/service-kit/testing';
import { careercardService } from '../../src/service';

/**
 * Another careercard instance on the same database, built with `env` over the current environment: the
 * service reads its configuration once, when it is built, so a test that needs a peer elsewhere (down, slow)
 * runs a second instance the way a deployment runs several.
 */
export async function anotherInstance(of: TestService, env: Record<string, string>): Promise<FastifyInstance> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    const app = await buildService(careercardService, {
      databaseUrl: of.databaseUrl,
      internalSecret: DEV_INTERNAL_SECRET,
      runSeed: false,
    });
    await app.ready();
    return app;
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
