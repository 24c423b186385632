import type { FastifyRequest } from 'fastify';
import { CONSUMER_SCOPES, SCOPE_LABELS } from '@sq/contracts';
import type { ServiceName } from '@sq/service-kit';
import type { ServiceClients } from '../service-calls';
import { PUBLIC_OPERATIONS } from './public-api';
import { DEFAULT_PUBLIC_API_VERSION, VERSION_HEADER } from './versions';

export interface OpenApiDocument {
  openapi?: string;
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, unknown>;
}

export interface OpenApiOperation {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
  'x-scopes'?: string[];
  deprecated?: boolean;
  [key: string]: unknown;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  [key: string]: unknown;
}

/** The response every operation may answer with when it fails (the site's envelope). */
const FAILURE = {
  description: '실패: ErrorCode와 한국어 message',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['ErrorCode', 'message'],
        properties: { ErrorCode: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/**
 * The consumers' view of the API: the public operations only, each as its service documents it, with the scopes
 * it needs (`security: [{ personalAccessToken: [...] }]` and `x-scopes`), the version header, and the answers the
 * gateway itself gives (401, 403, 429). Services that do not answer leave their operations out (the document is
 * then incomplete, never wrong); the contract test builds it from every service.
 */
export function buildPublicOpenApi(
  documents: Partial<Record<ServiceName, OpenApiDocument>>,
  version: string = DEFAULT_PUBLIC_API_VERSION,
): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const operation of PUBLIC_OPERATIONS) {
    const method = operation.method.toLowerCase();
    const documented = Object.values(documents)
      .map((document) => document?.paths?.[operation.path]?.[method])
      .find(Boolean);
    if (!documented) continue;
    const { tags: _tags, ...rest } = documented;
    void _tags;
    paths[operation.path] ??= {};
    paths[operation.path]![method] = {
      ...rest,
      summary: operation.summary,
      parameters: [
        ...(rest.parameters ?? []),
        { name: 'Sidequest-Version', in: 'header', required: false, schema: { type: 'string', example: version } },
        ...(operation.method === 'POST'
          ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }]
          : []),
      ],
      security: [{ personalAccessToken: operation.scopes }],
      'x-scopes': operation.scopes,
      responses: { ...(rest.responses ?? {}), 401: FAILURE, 403: FAILURE, 429: FAILURE },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Side project platform public API',
      version,
      description: `API 소비자용 공개 API입니다. 개인 액세스 토큰(Authorization: Bearer sqp_...)으로 호출하고, 버전은 ${VERSION_HEADER} 헤더로 고릅니다(없으면 ${DEFAULT_PUBLIC_API_VERSION}). 모든 응답은 ErrorCode(성공 시 "00")를 담습니다.`,
    },
    components: {
      securitySchemes: {
        personalAccessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sqp_',
          description: `마이페이지 > API 토큰에서 만든 토큰. 권한: ${CONSUMER_SCOPES.map((scope) => `${scope} (${SCOPE_LABELS[scope]})`).join(', ')}`,
        },
      },
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The services' own documents, asked now (a service that does not answer in time is left out). */
export async function fetchServiceDocuments(
  services: Partial<ServiceClients>,
  withinMs: number,
  forRequest?: FastifyRequest,
): Promise<Partial<Record<ServiceName, OpenApiDocument>>> {
  const entries = await Promise.all(
    (Object.entries(services) as [ServiceName, ServiceClients[ServiceName]][]).map(async ([name, service]) => {
      const answer = await service
        .call({ path: '/openapi.json', asVisitor: true, withinMs, forRequest })
        .catch(() => null);
      return [
        name,
        answer?.status === 200 && answer.json !== null && typeof answer.json === 'object'
          ? (answer.json as OpenApiDocument)
          : {},
      ] as const;
    }),
  );
  return Object.fromEntries(entries);
}
