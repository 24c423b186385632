import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { careercardService } from '../../services/careercard/src/service';
import { programsService } from '../../services/programs/src/service';
import { breakingChanges } from '../src/consumers/breaking-changes';
import { PUBLIC_OPERATIONS } from '../src/consumers/public-api';
import { buildPublicOpenApi, type OpenApiDocument } from '../src/consumers/public-openapi';
import { PUBLIC_API_VERSIONS } from '../src/consumers/versions';

/**
 * The public API's contract: each published version's document is checked in (api-gateway/public-api/<version>.json,
 * written by `npm run public-api:publish -w @sq/api-gateway` when a version is published) and the document the
 * gateway builds now from the services' own documents must not break any of them.
 */
const PUBLISHED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public-api');
const published = (version: string) =>
  JSON.parse(fs.readFileSync(path.join(PUBLISHED_DIR, `${version}.json`), 'utf8')) as OpenApiDocument;

let programs: TestService;
let careercard: TestService;
let current: OpenApiDocument;
beforeAll(async () => {
  programs = await build(programsService, { seed: false });
  careercard = await build(careercardService, { seed: false });
  const document = async (service: TestService) =>
    (await service.app.inject({ url: '/openapi.json' })).json() as OpenApiDocument;
  current = buildPublicOpenApi({ programs: await document(programs), careercard: await document(careercard) });
}, 120_000);
afterAll(async () => {
  await programs?.close();
  await careercard?.close();
});

describe('the public API contract', () => {
  it('documents every public operation with its scopes', () => {
    for (const operation of PUBLIC_OPERATIONS) {
      const documented = current.paths?.[operation.path]?.[operation.method.toLowerCase()];
      expect(documented, `${operation.method} ${operation.path}`).toBeDefined();
      expect(documented!.security).toEqual([{ personalAccessToken: operation.scopes }]);
      expect(documented!['x-scopes']).toEqual(operation.scopes);
    }
    // Nothing else: no operator's operation, no other member operation.
    const count = Object.values(current.paths ?? {}).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBe(PUBLIC_OPERATIONS.length);
  });

  it.each(PUBLIC_API_VERSIONS.map((v) => v.version))('keeps every promise of published version %s', (version) => {
    expect(breakingChanges(published(version), current)).toEqual([]);
  });
});

describe('breaking changes', () => {
  const op = (extra: Record<string, unknown> = {}) => ({
    'x-scopes': ['programs:read'],
    parameters: [{ name: 'oddId', in: 'path', required: true }],
    requestBody: {
      content: {
        'application/json': {
          schema: { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' } } },
        },
      },
    },
    responses: {
      200: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['ErrorCode', 'list'],
              properties: {
                ErrorCode: { type: 'string' },
                list: {
                  type: 'array',
                  items: { type: 'object', required: ['id'], properties: { id: { type: 'number' } } },
                },
              },
            },
          },
        },
      },
    },
    ...extra,
  });
  const doc = (operation: object, more: Record<string, object> = {}): OpenApiDocument => ({
    paths: { '/api/x': { post: operation }, ...more } as OpenApiDocument['paths'],
  });

  it('are none for the same document or added optional things', () => {
    expect(breakingChanges(doc(op()), doc(op()))).toEqual([]);
    const added = op({
      parameters: [
        { name: 'oddId', in: 'path', required: true },
        { name: 'page', in: 'query', required: false },
      ],
    });
    expect(breakingChanges(doc(op()), doc(added, { '/api/y': { get: {} } }))).toEqual([]);
  });

  it('are found: a removed operation, an added scope, a new required parameter or request field, a lost response field', () => {
    expect(breakingChanges(doc(op()), { paths: {} })).toEqual(['POST /api/x: 작업이 사라졌습니다']);
    expect(breakingChanges(doc(op()), doc(op({ 'x-scopes': ['programs:read', 'sprint:checkin'] })))).toEqual([
      'POST /api/x: 권한 sprint:checkin이(가) 새로 필요합니다',
    ]);
    expect(
      breakingChanges(
        doc(op()),
        doc(
          op({
            parameters: [
              { name: 'oddId', in: 'path', required: true },
              { name: 'v', in: 'header', required: true },
            ],
          }),
        ),
      ),
    ).toEqual(['POST /api/x: 필수 매개변수 header:v이(가) 생겼습니다']);
    const stricter = op({
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['a', 'b'],
              properties: { a: { type: 'string' }, b: { type: 'string' } },
            },
          },
        },
      },
    });
    expect(breakingChanges(doc(op()), doc(stricter))).toEqual([
      'POST /api/x: 요청 필드 body.b이(가) 필수가 되었습니다',
    ]);
    const lost = op({
      responses: {
        200: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['ErrorCode', 'list'],
                properties: {
                  ErrorCode: { type: 'string' },
                  list: { type: 'array', items: { type: 'object', properties: { id: { type: 'number' } } } },
                },
              },
            },
          },
        },
      },
    });
    expect(breakingChanges(doc(op()), doc(lost))).toEqual([
      'POST /api/x: 200 응답의 필수 필드 response.list[].id이(가) 사라졌습니다',
    ]);
  });
});
