import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import { requireInternal } from '@sq/service-kit';
import type { ControlledClock } from '../clock';

const body = z.object({ at: z.iso.datetime({ offset: true }).nullable() });

/** PUT /internal/clock { at | null }: registered only with PROGRAMS_CLOCK_CONTROL=true (src/clock.ts). */
const internalClockRoutes: FastifyPluginAsync<{ clock: ControlledClock }> = async (app, { clock }) => {
  app.put<{ Body: z.infer<typeof body> }>(
    '/internal/clock',
    { preHandler: requireInternal, schema: { hide: true, body } },
    async (request) => {
      clock.set(request.body.at ? new Date(request.body.at) : null);
      return ok({ now: clock.now().toISOString() });
    },
  );
};

export default internalClockRoutes;
