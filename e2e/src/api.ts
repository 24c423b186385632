/**
 * A JSON call to the site's /api, as the browser's client makes it: GET without a body, POST with one (or
 * `method`), the member's token when given. The body of any answer, error or not; `{}` when it is not JSON.
 */
export async function siteApi<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string | null } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}
