import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthenticated } from '../lib/errors';
import { isApiRoute } from './api-route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, sign-up, public invoice links). */
    public?: boolean;
    /**
     * Whether an accountant reading the owner's books may call the route: 'read' (wallets, history, invoices,
     * statements, receipts, exports) or 'annotate' (categories and notes, when the owner allowed it). 'self'
     * is for the few routes about the signed-in person's own account whichever books are open (who am I,
     * switching books, accepting an invite): they see the acting user, never the owner. Absent, the route is
     * the owner's only: an accountant reading someone's books is refused, whatever the route does.
     */
    accountant?: 'read' | 'annotate' | 'self';
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/**
 * Who is asking, and whose books the request reads. For an owner (anyone in their own books) `userId` and
 * `actingUserId` are the same person. For an accountant reading an owner's books, on a route marked for
 * accountants, `userId` is the OWNER's id, so every route's owner scoping reads the owner's data, and
 * `actingUserId` is the accountant. Routes marked 'self' (the signed-in person's own account: who am I, which
 * books to open, accepting an invite) and public routes always see the acting user in their own books.
 */
export interface RequestAuth {
  userId: string;
  sessionId: string;
  role: 'owner' | 'accountant';
  actingUserId: string;
  /** May set categories and notes: always in one's own books; for an accountant, if the owner allowed it. */
  annotate: boolean;
  /** Whose books the session has open, whatever this route serves (null: its own). */
  booksOwnerId: string | null;
}

/** A session as the auth module finds it for a cookie: its user, and whose books it has open. */
export interface SignedInSession {
  userId: string;
  sessionId: string;
  booksOwnerId: string | null;
}

/** The signed-in user's id; only for routes that are not public (the hook below has already checked). */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthenticated();
  return request.auth.userId;
}

/** The signed-in user and session; only for routes that are not public. */
export function sessionOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Resolves the session cookie on every /api request and refuses non-public routes without one. */
export interface SessionPluginOptions {
  /** The session cookie's name. */
  cookie: string;
  /** Who a cookie's token signs in, or null (the auth module answers; this layer knows no more). */
  authenticate(token: string): Promise<SignedInSession | null>;
  /**
   * Whether the session's accountant may still read the owner's books, and annotate them: asked of the
   * database on every request that reads them, so a revocation holds at once in every process. Null: no more.
   */
  booksAccess(session: SignedInSession & { booksOwnerId: string }): Promise<{ annotate: boolean } | null>;
}

const notForAccountants = () =>
  new AppError('FORBIDDEN', 'An accountant reading these books cannot do this: the books are read-only');
const booksClosed = () =>
  new AppError('FORBIDDEN', 'Your access to these books has ended. Switch back to your own books to go on.');
const notAnnotating = () =>
  new AppError('FORBIDDEN', 'The owner of these books has not allowed you to set categories or notes');

/**
 * The request's auth for a signed-in session, or a refusal. Deny by default: a session reading someone's books
 * reaches a route only if the route is public (as itself), marked 'self' (as itself), or marked for accountants
 * and the grant still holds (as the owner).
 */
async function authFor(
  request: FastifyRequest,
  session: SignedInSession,
  options: SessionPluginOptions,
): Promise<RequestAuth> {
  const { config } = request.routeOptions;
  const own: RequestAuth = {
    userId: session.userId,
    sessionId: session.sessionId,
    role: 'owner',
    actingUserId: session.userId,
    annotate: true,
    booksOwnerId: session.booksOwnerId,
  };
  const ownerId = session.booksOwnerId;
  if (!ownerId || config.public || config.accountant === 'self') return own;
  // Judged before the database is asked, so an owner-only route costs an accountant nothing but a 403.
  if (config.accountant !== 'read' && config.accountant !== 'annotate') throw notForAccountants();
  const access = await options.booksAccess({ ...session, booksOwnerId: ownerId });
  if (!access) throw booksClosed();
  if (config.accountant === 'annotate' && !access.annotate) throw notAnnotating();
  return { ...own, userId: ownerId, role: 'accountant', annotate: access.annotate };
}

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  app.decorateRequest('auth', null);
  // onRequest, before the body is parsed or validated: an anonymous caller gets 401, and an accountant on a
  // route not theirs a 403, never a 400 that describes a protected route's body.
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[options.cookie];
    const isPublic = Boolean(request.routeOptions.config.public);
    try {
      const session = token ? await options.authenticate(token) : null;
      request.auth = session ? await authFor(request, session, options) : null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') throw error;
      // Sessions live in the database: if it cannot answer, nobody can be signed in. A public route (System
      // Status among them) still answers, as an anonymous caller; anything else is a 503, not a 500.
      request.log.warn({ err: error }, 'session lookup failed');
      if (!isPublic)
        throw new AppError(
          'UNAVAILABLE',
          'Meridian cannot reach its database right now. Please try again shortly.',
        );
      request.auth = null;
    }
    if (!request.auth && !isPublic) throw unauthenticated();
  });
});
