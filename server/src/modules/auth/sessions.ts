import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { AuthContext, ClientInfo, SessionsEndedHook, SignedIn } from './auth-context';
import * as repo from './auth.repository';
import type { SignedInSession } from '../../plugins/session';
import type { CachedSession } from './session-cache';
import { newDeviceToken, newSessionToken, sessionIdFromToken } from './session-token';

const MINUTE = 60_000;

/** This process ended one session, or all of a user's but `keep`: forgotten here, and the hooks told. */
export function sessionsEnded(ctx: AuthContext, ended: Parameters<SessionsEndedHook>[0]): void {
  if ('sessionId' in ended) ctx.sessions?.forget(ended.sessionId);
  else ctx.sessions?.forgetUser(ended.userId, ended.keep);
  for (const hook of ctx.hooks.sessionsEnded) hook(ended);
}

export async function startSession(
  ctx: AuthContext,
  user: UserRow,
  client: ClientInfo,
  into: Kysely<Database> = ctx.db,
): Promise<SignedIn> {
  const { token, id } = newSessionToken();
  const created = ctx.now();
  const expiresAt = new Date(created.getTime() + ctx.config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 60 * MINUTE);
  await repo.insertSession(into, {
    id,
    user_id: user.id,
    created_at: created.toISOString(),
    last_seen_at: created.toISOString(),
    expires_at: expiresAt.toISOString(),
    ip: client.ip,
    user_agent: client.userAgent.slice(0, 512),
  });
  return { user, token, expiresAt };
}

/** Remembers this browser for the account: the cookie it already has, or a new one to set. */
export async function rememberDevice(
  ctx: AuthContext,
  user: UserRow,
  knownDeviceId: string | null,
  into: Kysely<Database> = ctx.db,
): Promise<string | undefined> {
  const at = ctx.now().toISOString();
  if (knownDeviceId) {
    await repo.touchDevice(into, knownDeviceId, at);
    return undefined;
  }
  const { token, id } = newDeviceToken();
  await repo.insertDevice(into, { id, user_id: user.id, at });
  return token;
}

/**
 * The session, the remembered browser and (for a browser never seen here) the account holder's alert,
 * in the caller's transaction so they commit together.
 */
export async function signInTo(
  ctx: AuthContext,
  trx: Kysely<Database>,
  user: UserRow,
  client: ClientInfo,
  knownDeviceId: string | null,
): Promise<SignedIn> {
  const session = await startSession(ctx, user, client, trx);
  const deviceToken = await rememberDevice(ctx, user, knownDeviceId, trx);
  if (!deviceToken) return session;
  for (const hook of ctx.hooks.newDevice) await hook(trx, user, client);
  return { ...session, newDeviceToken: deviceToken };
}

function isLive(ctx: AuthContext, session: CachedSession, at: Date): boolean {
  const idleMs = ctx.config.SESSION_IDLE_TIMEOUT_MINUTES * MINUTE;
  return at.getTime() < session.lastSeenAt + idleMs && at.getTime() < session.expiresAt;
}

/**
 * Writing last_seen_at on every request would turn each read into a write. Refreshing it every tenth of the
 * idle timeout (at most a minute) keeps any active session alive, even under a one-minute timeout.
 */
async function keepAlive(ctx: AuthContext, sessionId: string, lastSeenAt: number, at: Date): Promise<void> {
  const touchIntervalMs = Math.min(MINUTE, (ctx.config.SESSION_IDLE_TIMEOUT_MINUTES * MINUTE) / 10);
  if (at.getTime() - lastSeenAt <= touchIntervalMs) return;
  await repo.touchSession(ctx.db, sessionId, at.toISOString());
  ctx.sessions?.touched(sessionId, at.getTime());
}

/**
 * The signed-in user's id and the books the session has open for a cookie token, or null if the session is
 * missing, idle or expired.
 */
export async function authenticate(ctx: AuthContext, token: string): Promise<SignedInSession | null> {
  const { db, sessions } = ctx;
  const sessionId = sessionIdFromToken(token);
  const at = ctx.now();
  // A remembered session that looks idle or expired is read again: another process may have seen it since.
  const cached = sessions?.get(sessionId);
  if (cached && isLive(ctx, cached, at)) {
    await keepAlive(ctx, sessionId, cached.lastSeenAt, at);
    return { userId: cached.userId, sessionId, booksOwnerId: cached.booksOwnerId };
  }
  const mark = sessions?.mark() ?? null;
  const row = await repo.findSessionWithUser(db, sessionId);
  if (!row) return null;
  const session = {
    userId: row.userId,
    booksOwnerId: row.booksOwnerId,
    lastSeenAt: new Date(row.lastSeenAt).getTime(),
    expiresAt: new Date(row.expiresAt).getTime(),
  };
  if (!isLive(ctx, session, at)) {
    await repo.deleteSession(db, sessionId);
    sessions?.forget(sessionId);
    return null;
  }
  sessions?.remember(sessionId, session, mark);
  await keepAlive(ctx, sessionId, session.lastSeenAt, at);
  return { userId: session.userId, sessionId, booksOwnerId: session.booksOwnerId };
}

/**
 * The session reads these books from its next request on (the accountants module checked the grant). This
 * process forgets its copy now; PostgreSQL announces the change to the others (migration 0038).
 */
export async function openBooks(ctx: AuthContext, sessionId: string, ownerId: string | null): Promise<void> {
  await repo.setSessionBooks(ctx.db, sessionId, ownerId);
  ctx.sessions?.forget(sessionId);
}

export async function logout(ctx: AuthContext, token: string | undefined): Promise<void> {
  if (!token) return;
  const sessionId = sessionIdFromToken(token);
  await repo.deleteSession(ctx.db, sessionId);
  sessionsEnded(ctx, { sessionId });
}
