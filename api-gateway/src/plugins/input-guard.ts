import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES, failure } from '@sq/contracts';

/** Limits on what a client may send; see config.ts (`inputLimits`) and the README. */
export interface InputLimits {
  /** Largest JSON body the gateway reads; larger ones get 413 before they are parsed. */
  jsonBodyMaxBytes: number;
  /** Deepest nesting of arrays and objects a JSON body may have; deeper ones get 400 before they are parsed. */
  jsonMaxDepth: number;
}

const badRequest = () => failure(ERROR_CODES.badRequest, MESSAGES.badRequest);

/**
 * Fastify's `frameworkErrors`: a path whose percent-encoding does not decode fails in the router, before any
 * hook runs, and would otherwise get Fastify's English body instead of the envelope.
 */
export function answerFrameworkError(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send(badRequest());
}

/** Whether every `%XY` of the URL decodes to UTF-8: the proxy decodes the whole URL before forwarding it. */
function wellFormedUrl(url: string): boolean {
  if (!url.includes('%')) return true;
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a JSON text nests `[`/`{` deeper than `limit`, stopping as soon as it does. Brackets inside
 * strings do not count. One pass over the text, no recursion: it runs before the (recursive) parser does.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Bad input is answered 400 here, before it reaches the proxy: a URL whose percent-encoding does not decode
 * (the proxy would throw decoding it), and a JSON body nested deeper than `jsonMaxDepth` (re-serialising it
 * for the service would overflow the stack) or larger than `jsonBodyMaxBytes` (413).
 */
export default fp<InputLimits>(
  async (app, limits) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!wellFormedUrl(request.url)) return reply.status(400).send(badRequest());
    });

    // Fastify's own JSON parser (prototype poisoning refused) behind the depth check, with its own size limit.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: limits.jsonBodyMaxBytes },
      (request, body, done) => {
        const text = body as string; // parseAs: 'string'
        if (jsonDepthExceeds(text, limits.jsonMaxDepth)) {
          return done(Object.assign(new Error('JSON nested too deeply'), { statusCode: 400 }), undefined);
        }
        parseJson(request, text, done);
      },
    );
  },
  { name: 'input-guard' },
);
