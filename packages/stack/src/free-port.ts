import net from 'node:net';

/**
 * Ports the test runs hand out: below Linux's ephemeral range (32768-60999), so no outgoing connection and
 * no `listen(0)` elsewhere can take one between `freePort()` and the caller's own listen (that race failed a
 * CI run with EADDRINUSE), and above every fixed port of `npm start` (ports.ts, dev-ports.cjs) and the Fetch
 * bad-port list.
 */
export const FREE_PORT_RANGE = { first: 16_000, last: 31_999 } as const;
/**
 * Each test process gets its own slice of the range (by vitest's worker id, else its pid), so two processes
 * running side by side never probe the same port.
 */
export const FREE_PORT_SLICES = 32;
const SLICE_SIZE = Math.floor((FREE_PORT_RANGE.last - FREE_PORT_RANGE.first + 1) / FREE_PORT_SLICES);

const sliceIndex = Number(process.env.VITEST_POOL_ID ?? process.pid) % FREE_PORT_SLICES;
const sliceStart = FREE_PORT_RANGE.first + sliceIndex * SLICE_SIZE;
// A random start within the slice: a worker's next test file is a new process and should not reuse the
// ports its predecessor may still be letting go of.
let cursor = Math.floor(Math.random() * SLICE_SIZE);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port nobody listens on right now, from this process's own slice, never handed out twice. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < SLICE_SIZE; tried += 1) {
    const port = sliceStart + (cursor % SLICE_SIZE);
    cursor += 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port in ${sliceStart}-${sliceStart + SLICE_SIZE - 1}`);
}
