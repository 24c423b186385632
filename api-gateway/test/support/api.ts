/** One request to the gateway as a browser or API consumer sends it; the answer's status and JSON body. */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  /** JSON body (objects) or a ready form (multipart uploads). */
  body?: unknown;
}

export function gatewayClient(baseUrl: string) {
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RequestInit['body'];
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    return { status: response.status, body: json, headers: response.headers };
  };
}

export type Call = ReturnType<typeof gatewayClient>;

/** The answer's body, or an error naming the step when it is not a success (fixture set-up must not fail quietly). */
export async function expectSuccess(step: string, answer: Promise<Answer>): Promise<Record<string, unknown>> {
  const got = await answer;
  if (got.status < 200 || got.status > 299)
    throw new Error(`${step}: expected a success, got ${got.status} ${JSON.stringify(got.body)}`);
  return got.body ?? {};
}
