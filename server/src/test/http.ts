import { randomUUID } from 'node:crypto';
import type { App } from '../app';
import { TEST_OPERATOR_TOKEN } from './config';

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

/**
 * Registers a user and, unless `verified: false`, verifies the address as a person would: by opening the link
 * the sign-up mailed (read from the sandbox's outbox, as the app shows it when no mail server is set).
 */
export async function signUp(
  app: App,
  email = `user-${randomUUID()}@example.com`,
  options: { verified?: boolean } = {},
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const session = { cookie: sessionCookieFrom(response.headers), user: response.json().user };
  if (options.verified ?? true) await verifyEmail(app, session);
  return session;
}

export const TEST_PASSWORD = 'correct horse battery';

/** A fresh demo user with its seeded play money, signed in. */
export async function startDemo(app: App): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/demo' });
  if (response.statusCode !== 201) throw new Error(`demo failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieFrom(response.headers), user: response.json().user };
}

/** The token of the newest verification link the sandbox shows this user. */
export async function sandboxVerificationToken(app: App, session: Session): Promise<string> {
  const status = await app.inject({ method: 'GET', url: '/api/auth/verification', headers: as(session) });
  const link = status.json().sandboxLink as string | null;
  if (!link) throw new Error(`no sandbox verification link: ${status.statusCode} ${status.body}`);
  return new URL(link).searchParams.get('token')!;
}

/** Opens the user's newest verification link. */
export async function verifyEmail(app: App, session: Session) {
  const token = await sandboxVerificationToken(app, session);
  const response = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  return response.json() as { email: string; deliveredPayments: number };
}

/** The headers of an operator (System Status details, live probes): the test apps' OPERATOR_TOKEN. */
export const operatorHeaders = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

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
