import type { ApiKeyScope, CreatedApiKey } from '@contract/api-keys';
import type { App } from '../app';
import { request, TEST_PASSWORD, type Session } from './http';

/**
 * Makes a personal API key in the owner's profile (with their session and password; a demo's is empty) and
 * returns it with its secret.
 */
export async function makeApiKey(
  app: App,
  owner: Session,
  scope: ApiKeyScope,
  extra: { name?: string; expiresOn?: string; password?: string } = {},
): Promise<CreatedApiKey> {
  const response = await request(app, owner, 'POST', '/api/api-keys', {
    name: `${scope} key`,
    scope,
    password: TEST_PASSWORD,
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`key failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A call as a script makes it: the key as a bearer token, no cookie (unless `headers` adds one). */
export function withKey(
  app: App,
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    ...(payload !== undefined && { payload: payload as object }),
    headers: { authorization: `Bearer ${secret}`, ...headers },
  });
}
