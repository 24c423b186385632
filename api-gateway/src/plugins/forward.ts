import { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The proxied request's way to its service and the answer's way back, on undici's dispatcher directly (it
 * replaces @fastify/reply-from, whose URL parsing, header copies, body stream and retry wrapper were a large
 * share of the gateway's CPU per proxied GET): the client's headers are copied once, a small answer is
 * gathered and sent in one write, a large one streams into the reply as it arrives. proxy.ts decides who may
 * call and what identity goes along.
 *
 * What it keeps from the HTTP proxying rules (RFC 9110 section 7.6.1): hop-by-hop headers (and every header a
 * Connection header names) stay on their own hop in both directions; the service's host is the Host; a body
 * Fastify parsed is re-encoded with its length, a streamed one passes with the length the client declared.
 */

/** Hop-by-hop headers (and Expect, which Node answers itself): never forwarded in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'http2-settings',
  'expect',
]);

/**
 * Answers with a declared length up to this size are gathered and sent in one write (the API's JSON answers);
 * larger ones, and those of unknown length, stream through as they arrive (media, uploads).
 */
export const GATHER_MAX_BYTES = 256 * 1024;

/**
 * Request targets forwarded exactly as the client spelled them: a path from `/`, no dot segment (`.`, `..`,
 * `%2e`) anywhere and none of the characters a URL parser would re-encode or turn into a separator. Every
 * other target takes `normalisedTarget`, the rules the gateway always applied.
 */
const PLAIN_TARGET = /^\/[\w\-~!$&()*+,;=:@/?%.]*$/;
const plainTarget = (url: string) =>
  PLAIN_TARGET.test(url) && !url.includes('/.') && !url.includes('..') && !/%2e/i.test(url);

/** A request target that would step out of its path (`..` after decoding); answered 400. */
export class TraversalError extends Error {
  readonly statusCode = 400;
}

/**
 * The upstream path of a request target that is not plain, as @fastify/reply-from made it: refused when it
 * decodes to a `..` segment (in the path or the query; a backslash counts as a slash), otherwise resolved as a
 * URL would (`.` segments, re-encoded characters), the query kept as spelled when the parser drops it (a bare `?`).
 */
export function normalisedTarget(url: string): string {
  // A URL parser reads a backslash as a slash: `x\..\admin` would step out as surely as `x/../admin`.
  const decoded = decodeURIComponent(url).replaceAll('\\', '/');
  if (decoded === '..' || decoded.includes('/..') || decoded.includes('../'))
    throw new TraversalError('request target leaves its path');
  const parsed = new URL(`http://upstream${url}`);
  const query = url.indexOf('?');
  return parsed.pathname + (parsed.search || (query > 0 ? url.slice(query) : ''));
}

export const upstreamTarget = (url: string): string => (plainTarget(url) ? url : normalisedTarget(url));

/** The header names a Connection header lists (they are hop-by-hop for this message). */
function connectionListed(value: string | string[] | undefined): Set<string> | null {
  // The usual values name no other header.
  if (value === undefined || value === 'keep-alive' || value === 'close') return null;
  const names = new Set<string>();
  for (const part of (Array.isArray(value) ? value.join(',') : value).split(',')) {
    const name = part.trim().toLowerCase();
    if (name) names.add(name);
  }
  return names;
}

export interface ForwardOptions {
  dispatcher: Dispatcher;
  /** The service's host (`host:port`), sent as Host. */
  host: string;
  /** Path prefix of the service's URL ('' for none). */
  basePath: string;
  timeoutMs: number;
  /** How many more times a replayable request is sent after a connection failure (CONNECTION_RETRIES by default). */
  connectionRetries?: number;
  /** Client headers that must not reach the service (only the gateway sets them). */
  reserved: RegExp;
  /** Headers the gateway adds (signed client address and identity). */
  extraHeaders: Record<string, string>;
  /** Called when the service's answer starts, before any of it reaches the client. */
  onAnswer?: () => void;
  /** The service could not be reached or failed before its answer was complete. */
  onFailure: (error: Error) => void;
}

/** The headers that go to the service: the client's, minus hop-by-hop and reserved ones, plus the gateway's. */
function upstreamHeaders(incoming: IncomingHttpHeaders, options: ForwardOptions): Record<string, string | string[]> {
  const listed = connectionListed(incoming.connection);
  const headers: Record<string, string | string[]> = {};
  for (const name in incoming) {
    if (
      HOP_BY_HOP.has(name) ||
      name === 'host' ||
      name === 'content-length' ||
      options.reserved.test(name) ||
      listed?.has(name)
    )
      continue;
    const value = incoming[name];
    if (value !== undefined) headers[name] = value;
  }
  headers.host = options.host;
  for (const name in options.extraHeaders) headers[name] = options.extraHeaders[name]!;
  return headers;
}

/** The body that goes to the service, with the headers it needs (none for a request without one). */
function upstreamBody(
  request: FastifyRequest,
  headers: Record<string, string | string[]>,
): string | Buffer | Readable | null {
  const body = request.body;
  if (body === undefined) return null;
  if (body instanceof Readable) {
    // Multipart uploads and signed bodies: the client's own bytes, with the length it declared (if any).
    const length = request.headers['content-length'];
    if (length !== undefined) headers['content-length'] = length;
    return body;
  }
  // A body Fastify parsed (JSON, text): sent again as its plain media type, JSON re-encoded.
  const type = (request.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
  const encoded = type === 'application/json' ? JSON.stringify(body) : Buffer.isBuffer(body) ? body : String(body);
  headers['content-type'] = type;
  headers['content-length'] = String(Buffer.byteLength(encoded));
  return encoded;
}

/**
 * Sends the request to the service and the answer to the client. Resolves nothing: the reply is sent (the
 * answer, or `onFailure`'s) when the service answers or fails.
 */
export function forward(request: FastifyRequest, reply: FastifyReply, options: ForwardOptions): void {
  const headers = upstreamHeaders(request.headers, options);
  const body = upstreamBody(request, headers);
  const path = options.basePath + upstreamTarget(request.url);
  const dispatch: Dispatcher.DispatchOptions = {
    path,
    method: request.method as Dispatcher.HttpMethod,
    headers,
    body,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  };
  options.dispatcher.dispatch(dispatch, new Answer(request, reply, options, dispatch, 0, 0));
}

/**
 * A request whose connection failed before any answer (refused, reset, or closed by the service as the request
 * went out) is sent once more, on another connection, when sending it twice is harmless: a kept-alive
 * connection that a stopping instance closes just as a request is written on it, or an endpoint a balancer
 * still lists a moment after its process has gone, would otherwise reach the visitor as a 503.
 * UPSTREAM_CONNECTION_RETRIES overrides it (0 turns the retry off).
 */
export const CONNECTION_RETRIES = 1;

/** The connection failures that mean the service may not have started on the request. */
const CONNECTION_ERRORS = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'ECONNREFUSED']);

/** Methods RFC 9110 makes idempotent (section 9.2.2); a POST only with an Idempotency-Key the service honours. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Whether this request may be sent again: idempotent, and its body still at hand (a streamed one is spent). */
function replayable(request: FastifyRequest, dispatch: Dispatcher.DispatchOptions): boolean {
  if (dispatch.body instanceof Readable) return false;
  return (
    IDEMPOTENT_METHODS.has(request.method) ||
    (request.method === 'POST' && typeof request.headers['idempotency-key'] === 'string')
  );
}

/**
 * A GET the service answers 503 is asked again, up to this many times, after a short random pause (up to
 * 42 ms times the try's number; a Retry-After is read as milliseconds): a service that is starting or briefly
 * without a dependency usually answers a later try. Kept as @fastify/reply-from did it by default.
 */
export const RETRIES_ON_503 = 10;

/** The service's answer on its way to the client. */
class Answer implements Dispatcher.DispatchHandler {
  /** A small answer, gathered until its end: status, headers and body go out together. */
  private gathered: { statusCode: number; headers: IncomingHttpHeaders; closeAfter: boolean; parts: Buffer[] } | null =
    null;
  /** A large answer, streamed into the reply as it arrives. */
  private stream: Readable | null = null;
  private done = false;

  /** This answer is a 503 to a GET that will be asked again: it is read and dropped. */
  private retryAfter: number | null = null;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly options: ForwardOptions,
    private readonly dispatch: Dispatcher.DispatchOptions,
    private readonly attempt: number,
    /** How many times it was already sent again after a connection failure (at most connectionRetries). */
    private readonly reconnected: number,
  ) {}

  // undici tells the handler API apart by this method.
  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return; // an informational answer (100 Continue): the final one follows
    if (this.clientGone()) {
      // The client is gone: no one to answer, stop the service's answer.
      this.done = true;
      controller.abort(new Error('client went away'));
      return;
    }
    this.options.onAnswer?.();
    if (statusCode === 503 && this.dispatch.method === 'GET' && this.attempt < RETRIES_ON_503) {
      const asked = Number(headers['retry-after']);
      this.retryAfter = Number.isFinite(asked) && asked >= 0 ? asked : 42 * Math.random() * (this.attempt + 1);
      return;
    }
    // An HTTP/1 connection whose request body was not read to its end cannot carry another request.
    const closeAfter = !this.request.raw.complete;
    const length = headers['content-length'];
    // HEAD streams its (empty) answer: Fastify's HEAD routes then keep the length the service declared.
    const gather =
      this.request.method !== 'HEAD' &&
      (statusCode === 204 ||
        statusCode === 304 ||
        length === '0' ||
        (length !== undefined && Number(length) <= GATHER_MAX_BYTES && headers['content-type'] !== undefined));
    if (gather) {
      this.gathered = { statusCode, headers, closeAfter, parts: [] };
      return;
    }
    this.stream = new Readable({
      read: () => controller.resume(),
      destroy: (error, callback) => {
        // The client went away (or the answer failed) before the end: stop the service's answer too.
        if (!this.done) {
          this.done = true;
          controller.abort(error ?? new Error('client went away'));
        }
        callback(error);
      },
    });
    this.head(statusCode, headers, closeAfter).send(this.stream);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.retryAfter !== null) return;
    if (this.gathered) this.gathered.parts.push(chunk);
    else if (this.stream && !this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    if (this.done) return;
    this.done = true;
    if (this.retryAfter !== null) {
      setTimeout(() => {
        if (this.clientGone()) return;
        this.options.dispatcher.dispatch(
          this.dispatch,
          new Answer(this.request, this.reply, this.options, this.dispatch, this.attempt + 1, this.reconnected),
        );
      }, this.retryAfter);
      return;
    }
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const { statusCode, headers, closeAfter, parts } = this.gathered!;
    this.head(statusCode, headers, closeAfter).send(
      parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : Buffer.concat(parts),
    );
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.done) return;
    this.done = true;
    if (this.stream) {
      // Part of the answer may be out: it can only be cut short.
      this.stream.destroy(error);
      return;
    }
    if (this.clientGone() || this.reply.sent) return;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (
      this.reconnected < (this.options.connectionRetries ?? CONNECTION_RETRIES) &&
      !this.gathered &&
      this.retryAfter === null &&
      CONNECTION_ERRORS.has(code) &&
      replayable(this.request, this.dispatch)
    ) {
      this.request.log.info({ code }, 'service connection failed before its answer: sending once more');
      this.options.dispatcher.dispatch(
        this.dispatch,
        new Answer(this.request, this.reply, this.options, this.dispatch, this.attempt, this.reconnected + 1),
      );
      return;
    }
    this.options.onFailure(error);
  }

  /**
   * The client hung up. (Not `request.raw.destroyed`: a request stream is destroyed as soon as its body has
   * been read to the end, with the client still waiting for the answer.)
   */
  private clientGone(): boolean {
    return this.reply.raw.destroyed || this.request.raw.socket?.destroyed === true;
  }

  /** The service's status and end-to-end headers on the reply. */
  private head(statusCode: number, headers: IncomingHttpHeaders, closeAfter: boolean): FastifyReply {
    const reply = this.reply.code(statusCode);
    const listed = connectionListed(headers.connection);
    for (const name in headers) {
      if (HOP_BY_HOP.has(name) || listed?.has(name)) continue;
      reply.header(name, headers[name]);
    }
    if (closeAfter) reply.header('connection', 'close');
    return reply;
  }
}
