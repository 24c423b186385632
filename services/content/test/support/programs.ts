import { vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { build, type TestService } from '@sq/service-kit/testing';
import { programsService } from '../../../programs/src/service';

/** The real programs service on a fresh database, listening on a free loopback port. */
export async function startPrograms(): Promise<{ programs: TestService; url: string }> {
  const programs = await build(programsService);
  const url = await programs.app.listen({ port: 0, host: '127.0.0.1' });
  return { programs, url };
}

/** A loopback server standing in for a broken programs service (wrong shapes, errors, no answer). */
export async function startFakePrograms(
  handler: http.RequestListener,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
export async function closedPortUrl(): Promise<string> {
  const fake = await startFakePrograms(() => undefined);
  await fake.close();
  return fake.url;
}

/**
 * The content service wired to a real programs service, with the clock on the demo calendar's reference
 * day (2026-11-21, Korean time: the 14-week project's 12th cohort recruits). `close()` undoes all of it.
 */
export async function startContentWithPrograms(
  contentDefinition: Parameters<typeof build>[0],
): Promise<{ content: TestService; programs: TestService; close: () => Promise<void> }> {
  const { programs, url } = await startPrograms();
  process.env.PROGRAMS_SERVICE_URL = url;
  const content = await build(contentDefinition);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00+09:00'));
  return {
    content,
    programs,
    close: async () => {
      vi.useRealTimers();
      await content.close();
      await programs.close();
    },
  };
}
