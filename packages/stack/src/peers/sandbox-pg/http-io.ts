import type http from 'node:http';
import { Problem, type Json } from './types';

const BODY_LIMIT_BYTES = 64 * 1024;

/** A request's body as text, refused past BODY_LIMIT_BYTES. */
export async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += (chunk as Buffer).toString();
    if (body.length > BODY_LIMIT_BYTES) throw new Problem(413, 'INVALID_REQUEST', '요청 본문이 너무 큽니다.');
  }
  return body;
}

/** A request's JSON object body (an empty body is `{}`). */
export async function readJson(request: http.IncomingMessage): Promise<Json> {
  const text = await readBody(request);
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // answered below
  }
  throw new Problem(400, 'INVALID_REQUEST', '요청 본문이 올바른 JSON이 아닙니다.');
}

/** A required, non-blank string field of a JSON body. */
export function stringField(body: Json, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || !value.trim())
    throw new Problem(400, 'INVALID_REQUEST', `${name}이(가) 필요합니다.`);
  return value;
}
