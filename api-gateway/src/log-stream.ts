/**
 * Where the gateway's log lines go: every line logged in one turn of the event loop is written with one
 * write, after the turn. Under load the gateway logs two lines per request (Fastify's request log); written one
 * by one they cost two system calls per request, a good share of a proxied GET's CPU. The lines, their
 * content and their order are unchanged; with little traffic each still goes out within the turn it was logged in.
 * Lines not yet written when the process exits are written then.
 */
export function batchedLogStream(out: { write(text: string): unknown } = process.stdout): {
  write(line: string): void;
  flush(): void;
} {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    out.write(text);
  };
  process.once('exit', flush);
  return {
    write(line: string) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
