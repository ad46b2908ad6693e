import { randomUUID } from 'node:crypto';
import type { App } from '../app';

/** Test-side helpers for talking to the app as a browser would (cookie in, JSON out). */
export interface Session {
  cookie: string;
  user: { id: string; email: string };
}

export function sessionCookieFrom(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw : [raw];
  const session = cookies.find(
    (cookie): cookie is string => typeof cookie === 'string' && cookie.startsWith('meridian_session='),
  );
  if (!session) throw new Error('no session cookie in response');
  return session.split(';')[0]!;
}

export async function signUp(app: App, email = `user-${randomUUID()}@example.com`): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'correct horse battery' },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieFrom(response.headers), user: response.json().user };
}

export function as(session: Session) {
  return { cookie: session.cookie };
}

/** An injected request with the session's cookie; `key` adds an Idempotency-Key header. */
export function request(
  app: App,
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    ...(payload !== undefined && { payload: payload as object }),
    headers: { ...(session && { cookie: session.cookie }), ...headers },
  });
}
