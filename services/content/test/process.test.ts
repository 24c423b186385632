import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sq/service-kit/testing';

/**
 * The service as the stack runs it (its server entry, in its own process): ready on its ops port, JSON log
 * lines, and SIGTERM ends it cleanly (exit 0) after /readyz turned 503.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase('content');
});
afterAll(async () => {
  await database?.drop();
});

describe('the content service process', () => {
  it('serves its ops port, logs JSON with the request id, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../src/server.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: '0',
        OPS_PORT: '0',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: Record<string, unknown>[] = [];
    let buffered = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const listening = new Promise<{ url: string; opsUrl: string }>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const parts = buffered.split('\n');
        buffered = parts.pop()!;
        for (const part of parts) {
          if (!part) continue;
          // Every line the process writes is one JSON object.
          const line = JSON.parse(part) as Record<string, unknown>;
          lines.push(line);
          if (line.msg === 'listening') resolve(line as unknown as { url: string; opsUrl: string });
        }
      });
      void exited.then((code) => reject(new Error(`exited with ${code} before listening`)));
    });
    try {
      const { url, opsUrl } = await listening;
      expect((await fetch(`${opsUrl}/readyz`)).status).toBe(200);
      const answer = await fetch(`${url}/api/faq`, { headers: { 'x-request-id': 'process-test-1' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-request-id')).toBe('process-test-1');

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(lines.filter((line) => line.reqId === 'process-test-1').map((line) => line.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['shutting down: not ready, draining requests', 'shut down']),
      );
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
