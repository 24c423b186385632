import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { gatewayTraceContext } from '@sq/service-kit';
import { edgeRequestId } from '../src/edge-ids';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const request = (peer: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: { 'x-request-id': 'client-chosen-id', traceparent: TRACEPARENT },
  }) as unknown as IncomingMessage;

describe('request ids and traces at the edge', () => {
  const genReqId = edgeRequestId(['10.0.0.5', '192.168.0.0/16', 'fd00::/8']);

  it("mints its own for a client: the client's id, trace and sampling flag are dropped", () => {
    for (const peer of ['203.0.113.9', '::ffff:203.0.113.9', '2001:db8::1']) {
      const raw = request(peer);
      const id = genReqId(raw);
      expect(id, peer).not.toBe('client-chosen-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const trace = gatewayTraceContext(raw);
      expect(trace.traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(trace.flags).toBe('00');
    }
  });

  it('keeps what a configured trusted proxy sends', () => {
    for (const peer of ['10.0.0.5', '::ffff:192.168.3.4', 'fd12::1']) {
      const raw = request(peer);
      expect(genReqId(raw), peer).toBe('client-chosen-id');
      expect(gatewayTraceContext(raw)).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', flags: '01' });
    }
  });
});
