import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyScope } from '@contract/api-keys';
import { AppError, unauthenticated } from '../lib/errors';
import { credentialInUrl } from '../lib/url-credentials';
import { apiKeyNeedOf, scopeCovers, type ApiKeyNeed } from './api-key-scope';
import { isApiRoute } from './api-route';
import type { AuthFailures, FailedCredential } from './auth-failures';

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
    /**
     * What a personal API key needs to call the route (plugins/api-key-scope.ts): absent, a GET is 'read' and
     * anything else is never for a key unless the table there names it.
     */
    apiKey?: ApiKeyNeed;
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
  /** Set when a personal API key, not a session, makes the call (its id; `sessionId` then names no session). */
  apiKeyId?: string;
}

/** What the api-keys module finds for a bearer secret: the key and its owner, or why it does not work. */
export type ApiKeyLookup =
  | { found: true; keyId: string; userId: string; scope: ApiKeyScope }
  | { found: false; reason: 'unknown' | 'expired' | 'revoked' };

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
  /** The personal API key a bearer secret names: asked of the database on every call, so a revoke holds at once. */
  apiKey(secret: string): Promise<ApiKeyLookup>;
  /** Where credentials that do not work are counted per address, and addresses past the limit refused. */
  failures: Pick<AuthFailures, 'refusal' | 'failed'>;
}

/** Marks every personal API key, so the session layer tells one from other bearer tokens (the operator's). */
export const API_KEY_MARK = 'mer_';

/** The secret of an `Authorization: Bearer …` header, or null when there is none. */
export function bearerTokenOf(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1]! : null;
}

/** Whether the request presents a personal API key (then cookies never authenticate it and CSRF is moot). */
export function isApiKeyCall(request: FastifyRequest): boolean {
  return bearerTokenOf(request.headers.authorization)?.startsWith(API_KEY_MARK) ?? false;
}

const credentialInAddress = () =>
  new AppError(
    'VALIDATION_FAILED',
    'Credentials are never taken from the address: send an API key as an Authorization: Bearer header. Addresses are kept in logs and browser history, so if this was a real key, revoke it in your profile and make a new one.',
  );

/** Counts a credential that did not work against the client's address; past the limit, throws the 429. */
async function countFailure(
  request: FastifyRequest,
  credential: FailedCredential,
  options: SessionPluginOptions,
) {
  const refusal = await options.failures.failed(request.ip, credential);
  if (refusal) throw refusal;
}

const keyRefused = {
  unknown: () =>
    new AppError(
      'UNAUTHENTICATED',
      'This API key is not valid. Check it, or make a new one in your profile.',
    ),
  expired: () => new AppError('API_KEY_EXPIRED', 'This API key has expired. Make a new one in your profile.'),
  revoked: () => new AppError('API_KEY_REVOKED', 'This API key was revoked. Make a new one in your profile.'),
};

/**
 * The request's auth for a bearer call: the key's owner in their own books, if the key works and its scope
 * covers the route. Cookies play no part, so a page cannot lend its session to a call that names a key, and a
 * key never opens an accountant's view of someone else's books. A public route answers the caller as anonymous.
 */
async function authForKey(
  request: FastifyRequest,
  secret: string,
  options: SessionPluginOptions,
): Promise<RequestAuth | null> {
  const { config, url = '' } = request.routeOptions;
  if (!secret.startsWith(API_KEY_MARK)) {
    await countFailure(request, { kind: 'bearer' }, options);
    throw new AppError(
      'UNAUTHENTICATED',
      'The bearer token is not a Meridian API key (they start with mer_).',
    );
  }
  const key = await options.apiKey(secret);
  if (!key.found) {
    await countFailure(request, { kind: 'api-key', secret }, options);
    throw keyRefused[key.reason]();
  }
  if (config.public) return null;
  const need = apiKeyNeedOf(request.method, url, config.apiKey);
  if (!scopeCovers(key.scope, need))
    throw new AppError(
      'FORBIDDEN',
      need === 'never'
        ? 'An API key cannot do this. Sign in to Meridian to do it.'
        : `This API key can only ${key.scope === 'read' ? 'read' : `read and manage ${key.scope}`}: this needs a key with the ${need} scope.`,
    );
  return {
    userId: key.userId,
    sessionId: `api-key:${key.keyId}`,
    role: 'owner',
    actingUserId: key.userId,
    annotate: true,
    booksOwnerId: null,
    apiKeyId: key.keyId,
  };
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
    // Before anything else: an address is kept by proxies, logs and history, so it never carries a credential.
    if (credentialInUrl(request.url)) throw credentialInAddress();
    const isPublic = Boolean(request.routeOptions.config.public);
    // A public route may be sent another bearer token (the operator's): only a key makes it a key call there.
    const bearer = bearerTokenOf(request.headers.authorization);
    const keyCall = bearer !== null && (!isPublic || isApiKeyCall(request));
    const token = request.cookies[options.cookie];
    // From an address past its failures, a credential is refused before it is looked up (auth-failures.ts).
    const blocked = keyCall || token ? options.failures.refusal(request.ip) : null;
    if (blocked) throw blocked;
    try {
      if (keyCall) request.auth = await authForKey(request, bearer, options);
      else {
        const session = token ? await options.authenticate(token) : null;
        // An unknown or ended session counts on a public route too: /api/auth/session would tell a guesser.
        if (token && !session) await countFailure(request, { kind: 'session' }, options);
        request.auth = session ? await authFor(request, session, options) : null;
      }
    } catch (error) {
      const refused =
        error instanceof AppError &&
        (error.code === 'FORBIDDEN' || error.code === 'RATE_LIMITED' || (keyCall && error.status < 500));
      if (refused) throw error;
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
