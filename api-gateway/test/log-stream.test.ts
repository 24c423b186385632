import { describe, expect, it } from 'vitest';
import { batchedLogStream } from '../src/log-stream';

describe('the gateway’s log stream', () => {
  it('writes the lines of one event-loop turn with one write, in order and unchanged', async () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (text: string) => writes.push(text) });
    stream.write('{"msg":"incoming request"}\n');
    stream.write('{"msg":"request completed"}\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"msg":"incoming request"}\n{"msg":"request completed"}\n']);
    stream.write('{"msg":"later"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"msg":"incoming request"}\n{"msg":"request completed"}\n', '{"msg":"later"}\n']);
  });

  it('writes what is pending at once when flushed (as on exit)', () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (text: string) => writes.push(text) });
    stream.write('a\n');
    stream.flush();
    expect(writes).toEqual(['a\n']);
    stream.flush();
    expect(writes).toEqual(['a\n']);
  });

  it('is what Fastify logs through: every request’s lines arrive', async () => {
    const { default: Fastify } = await import('fastify');
    const writes: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: batchedLogStream({ write: (text: string) => writes.push(text) }) },
    });
    app.get('/x', async () => ({ ok: true }));
    await Promise.all([app.inject('/x'), app.inject('/x')]);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = writes
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(2);
    await app.close();
  });
});
