import type { ErrorBody } from '@contract/errors';

/**
 * Any non-OK answer from the API. `message` reads `"<status>: <body text>"` (or the
 * status text when the body is empty); `body` is the parsed `{ code, message, fields }` when the server sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
  ) {
    super(message);
  }

  /** Field-level messages from a validation failure, keyed by field name. */
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

/**
 * The schema (and zod with it, ~25 KB gzipped) is fetched on the first failure rather than with this module:
 * the landing page asks who is signed in through here, and must not pay for zod before anything fails.
 */
async function parseErrorBody(text: string): Promise<ErrorBody | null> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const { errorBodySchema } = await import('@contract/errors');
  const parsed = errorBodySchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The one way the web app calls the API: cookies included, JSON in and out, failures as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

/**
 * `apiRequest` that also hands back the response headers, for answers that carry data there (the history's
 * `X-Next-Cursor`). Same request, same failures.
 */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, headers = {}, signal } = options;
  const hasBody = body !== undefined;
  // A FormData body (file uploads) goes as multipart/form-data: the browser sets the type with its boundary.
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(hasBody && !isForm && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: isForm ? body : hasBody ? JSON.stringify(body) : null,
    signal: signal ?? null,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      await parseErrorBody(text),
    );
  }
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

/** A sentence a person can read: the server's own message when it sent one, else the fallback. */
export function friendlyErrorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (error instanceof ApiError) return error.body?.message ?? fallback;
  if (error instanceof TypeError) return 'Could not reach Meridian. Check your connection and try again.';
  return fallback;
}
