/** The operator release API (releases-plugin.ts) as it appears in the gateway's aggregated OpenAPI document. */
const remote = {
  name: 'remote',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  description: '리모트 이름 (예: mfe_itskill)',
};
const security = [{ bearer: [] }, { releaseToken: [] }];
const answer = {
  200: {
    description: '바뀐 포인터 (changed: false면 이미 그 상태)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ReleasePointer' } } },
  },
  400: { description: '요청 항목 오류' },
  401: { description: '운영자 토큰이나 출시 토큰 없음' },
  403: { description: '운영자가 아님' },
  404: { description: '출시된 적 없는 리모트나 버전' },
  409: { description: '다른 출시가 먼저 반영됨 (expectedRevision 불일치 포함), 또는 지금 상태에서 할 수 없는 작업' },
};
const revision = { type: 'integer', description: '마지막으로 본 revision; 다르면 409' };

export const RELEASES_OPENAPI = {
  securitySchemes: { releaseToken: { type: 'apiKey', in: 'header', name: 'x-release-token' } },
  schemas: {
    ReleasePointer: {
      type: 'object',
      properties: {
        ErrorCode: { type: 'string' },
        remote: { type: 'string' },
        live: { type: 'string' },
        canary: {
          type: 'object',
          nullable: true,
          properties: { version: { type: 'string' }, percent: { type: 'integer' }, startedAt: { type: 'string' } },
        },
        revision: { type: 'integer' },
        changed: { type: 'boolean' },
        event: {
          type: 'string',
          nullable: true,
          enum: ['release', 'canary', 'promote', 'rollback', 'forced_release', null],
        },
      },
    },
  },
  paths: {
    '/api/releases/{remote}': {
      post: {
        tags: ['releases'],
        summary: '리모트 빌드를 출시 (canaryPercent가 있으면 그 비율의 방문자에게만)',
        security,
        parameters: [remote],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['version', 'manifestUrl', 'routes'],
                properties: {
                  version: { type: 'string' },
                  manifestUrl: { type: 'string', description: '빌드의 mf-manifest.json URL (정적 호스트의 불변 경로)' },
                  routes: { type: 'array', items: { type: 'object' }, description: '빌드의 routes.json routes' },
                  shared: {
                    type: 'object',
                    additionalProperties: { type: 'string' },
                    description: '빌드의 shared-deps.json requires',
                  },
                  canaryPercent: { type: 'integer', minimum: 1, maximum: 99 },
                  force: {
                    type: 'boolean',
                    description: '공유 의존성 불일치를 무시 (감사 기록에 forced_release로 남음)',
                  },
                  expectedRevision: revision,
                },
              },
            },
          },
        },
        responses: {
          ...answer,
          422: { description: '셸과 공유 의존성 버전이 맞지 않음 (skew: 의존성, 빌드 범위, 셸 버전)' },
        },
      },
    },
    '/api/releases/{remote}/promote': {
      post: {
        tags: ['releases'],
        summary: '카나리를 모든 방문자에게 출시',
        security,
        parameters: [remote],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { expectedRevision: revision } } } },
        },
        responses: answer,
      },
    },
    '/api/releases/{remote}/rollback': {
      post: {
        tags: ['releases'],
        summary: '카나리를 끝내거나 (없으면) 이전 라이브 버전으로 되돌림',
        security,
        parameters: [remote],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { toVersion: { type: 'string' }, reason: { type: 'string' }, expectedRevision: revision },
              },
            },
          },
        },
        responses: answer,
      },
    },
  },
};
