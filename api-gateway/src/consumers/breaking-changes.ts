import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './public-openapi';

/**
 * What a published version of the public API promised that a newer document no longer keeps: a consumer written
 * against the published document would break. Checked: operations removed; scopes added to an operation; new
 * required parameters or request fields (or a body newly required); response fields that were required and are
 * gone or no longer required, for every response the published document describes.
 * Additions that are optional (new operations, optional fields, new responses) are not breaking.
 */
export function breakingChanges(published: OpenApiDocument, current: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const [path, methods] of Object.entries(published.paths ?? {})) {
    for (const [method, before] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      const after = current.paths?.[path]?.[method];
      if (!after) {
        problems.push(`${where}: 작업이 사라졌습니다`);
        continue;
      }
      for (const scope of after['x-scopes'] ?? [])
        if (!(before['x-scopes'] ?? []).includes(scope)) problems.push(`${where}: 권한 ${scope}이(가) 새로 필요합니다`);
      problems.push(
        ...requiredParameters(before, after).map((name) => `${where}: 필수 매개변수 ${name}이(가) 생겼습니다`),
      );
      if (after.requestBody?.required && !before.requestBody?.required && before.requestBody)
        problems.push(`${where}: 요청 본문이 필수가 되었습니다`);
      const beforeBody = jsonSchema(before.requestBody?.content);
      const afterBody = jsonSchema(after.requestBody?.content);
      if (afterBody)
        problems.push(
          ...newlyRequired(beforeBody ?? {}, afterBody, 'body').map(
            (field) => `${where}: 요청 필드 ${field}이(가) 필수가 되었습니다`,
          ),
        );
      for (const [status, response] of Object.entries(before.responses ?? {})) {
        const beforeSchema = jsonSchema(response.content);
        if (!beforeSchema) continue;
        const afterSchema = jsonSchema(after.responses?.[status]?.content);
        if (!afterSchema) {
          problems.push(`${where}: ${status} 응답의 형식이 사라졌습니다`);
          continue;
        }
        problems.push(
          ...lostRequired(beforeSchema, afterSchema, 'response').map(
            (field) => `${where}: ${status} 응답의 필수 필드 ${field}이(가) 사라졌습니다`,
          ),
        );
      }
    }
  }
  return problems;
}

const jsonSchema = (content: Record<string, { schema?: JsonSchema }> | undefined): JsonSchema | undefined =>
  content?.['application/json']?.schema;

function requiredParameters(before: OpenApiOperation, after: OpenApiOperation): string[] {
  const had = new Set((before.parameters ?? []).filter((p) => p.required).map((p) => `${p.in}:${p.name}`));
  return (after.parameters ?? [])
    .filter((p) => p.required && !had.has(`${p.in}:${p.name}`))
    .map((p) => `${p.in}:${p.name}`);
}

/** Fields required in `after` that `before` did not require (request bodies: the client must now send them). */
function newlyRequired(before: JsonSchema, after: JsonSchema, at: string): string[] {
  const found: string[] = [];
  for (const field of after.required ?? []) if (!(before.required ?? []).includes(field)) found.push(`${at}.${field}`);
  for (const [name, schema] of Object.entries(after.properties ?? {})) {
    const was = before.properties?.[name];
    if (was) found.push(...newlyRequired(was, schema, `${at}.${name}`));
  }
  if (after.items && before.items) found.push(...newlyRequired(before.items, after.items, `${at}[]`));
  return found;
}

/** Fields `before` required that `after` does not (responses: the client may rely on them). */
function lostRequired(before: JsonSchema, after: JsonSchema, at: string): string[] {
  const found: string[] = [];
  for (const field of before.required ?? []) {
    if (!(after.required ?? []).includes(field) || (!after.properties?.[field] && before.properties?.[field]))
      found.push(`${at}.${field}`);
  }
  for (const [name, schema] of Object.entries(before.properties ?? {})) {
    const now = after.properties?.[name];
    if (now && (before.required ?? []).includes(name)) found.push(...lostRequired(schema, now, `${at}.${name}`));
  }
  if (before.items && after.items) found.push(...lostRequired(before.items, after.items, `${at}[]`));
  return found;
}
