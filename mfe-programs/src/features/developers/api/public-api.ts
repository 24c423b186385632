import { apiGet } from '@sq/api-client';
import { useAsync } from '@sq/ui';

/** One operation of the public API as its document (GET /api/public/openapi.json) lists it. */
export interface PublicApiOperation {
  method: string;
  path: string;
  summary: string;
  scopes: string[];
}

interface PublicDocument {
  info: { version: string };
  paths: Record<string, Record<string, { summary?: string; 'x-scopes'?: string[] }>>;
}

/** The public API's own document: the page lists what it offers from it, so the two never disagree. */
export async function getPublicApi(
  signal?: AbortSignal,
): Promise<{ version: string; operations: PublicApiOperation[] }> {
  const document = await apiGet<PublicDocument>('/public/openapi.json', undefined, { signal });
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? '',
      scopes: operation['x-scopes'] ?? [],
    })),
  );
  return { version: document.info.version, operations };
}

export const usePublicApi = () => useAsync((signal) => getPublicApi(signal), []);
