import { z } from 'zod';
import { RELEASE_WINDOWS, rumBeacon } from '@sq/contracts/rum';

const envelope = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', properties: { ErrorCode: { type: 'string' }, message: { type: 'string' } } },
    },
  },
});

const p75 = { type: 'number', nullable: true };
const figures = {
  version: { type: 'string' },
  views: { type: 'integer' },
  errors: { type: 'integer' },
  errorRate: { type: 'number', nullable: true, description: 'errors per page view' },
  LCP: { ...p75, description: 'p75, ms' },
  INP: { ...p75, description: 'p75, ms' },
  CLS: { ...p75, description: 'p75, unitless' },
};
const release = {
  type: 'object',
  properties: { version: { type: 'string' }, releasedAt: { type: 'string', format: 'date-time' } },
};

/**
 * The gateway's own operations in the aggregated OpenAPI document (docs.ts): the services document theirs, and
 * these are answered by the gateway itself (plugins/rum.ts).
 */
export const RUM_OPENAPI_PATHS = {
  '/api/rum': {
    post: {
      tags: ['gateway'],
      summary: 'Field figures from a browser: page views, Web Vitals and uncaught errors (sendBeacon).',
      description:
        'Public; no cookie or token is read. Its own per-address rate limit and body cap (RUM_RATE_LIMIT_MAX, RUM_BODY_MAX_BYTES). text/plain bodies are read as JSON.',
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: z.toJSONSchema(rumBeacon, { target: 'openapi-3.0' }) },
          'text/plain': { schema: { type: 'string', description: 'the same JSON, as sendBeacon sends it' } },
        },
      },
      responses: {
        204: { description: 'stored' },
        400: envelope('malformed report, or a remote the registry does not know'),
        413: envelope('larger than RUM_BODY_MAX_BYTES'),
        429: envelope('too many reports from this address'),
      },
    },
  },
  '/api/admin/releases': {
    get: {
      tags: ['gateway'],
      summary:
        'Per remote: live version, canary, history, and per version over the window: page views, errors, error rate, p75 LCP/INP/CLS and chart buckets.',
      parameters: [
        {
          name: 'window',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: Object.keys(RELEASE_WINDOWS), default: '24h' },
        },
      ],
      responses: {
        200: {
          description: 'figures (ROLE_ADMIN)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  ErrorCode: { type: 'string' },
                  window: { type: 'string' },
                  from: { type: 'string', format: 'date-time' },
                  to: { type: 'string', format: 'date-time' },
                  bucketMinutes: { type: 'integer' },
                  remotes: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        name: { type: 'string' },
                        live: { ...release, nullable: true },
                        canary: {
                          ...release,
                          nullable: true,
                          properties: { ...release.properties, percent: { type: 'number', nullable: true } },
                        },
                        history: { type: 'array', items: release },
                        versions: {
                          type: 'array',
                          items: {
                            type: 'object',
                            properties: {
                              ...figures,
                              buckets: {
                                type: 'array',
                                items: {
                                  type: 'object',
                                  properties: {
                                    at: { type: 'string', format: 'date-time' },
                                    views: figures.views,
                                    errors: figures.errors,
                                    LCP: p75,
                                    INP: p75,
                                    CLS: p75,
                                  },
                                },
                              },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        400: envelope('unknown window'),
        401: envelope('not signed in'),
        403: envelope('not an operator'),
      },
    },
  },
};
