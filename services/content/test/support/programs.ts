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
export async function startFakePrograms(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
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
