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
     * statements, receipts, exports) or 'annotate' (categories and notes, when the owner allowed it). Absent,
     * the route is the owner's only: an accountant is refused, whatever the route does.
     */
    accountant?: 'read' | 'annotate';
  }
  interface FastifyRequest {
    auth: { userId: string; sessionId: string } | null;
  }
}

/** The signed-in user's id; only for routes that are not public (the hook below has already checked). */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthenticated();
  return request.auth.userId;
}

/** The signed-in user and session; only for routes that are not public. */
export function sessionOf(request: FastifyRequest): { userId: string; sessionId: string } {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Resolves the session cookie on every /api request and refuses non-public routes without one. */
export interface SessionPluginOptions {
  /** The session cookie's name. */
  cookie: string;
  /** Who a cookie's token signs in, or null (the auth module answers; this layer knows no more). */
  authenticate(token: string): Promise<FastifyRequest['auth']>;
}

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  app.decorateRequest('auth', null);
  // onRequest, before the body is parsed or validated: an anonymous caller gets 401, never a 400 that
  // describes a protected route's body.
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[options.cookie];
    const isPublic = Boolean(request.routeOptions.config.public);
    try {
      request.auth = token ? await options.authenticate(token) : null;
    } catch (error) {
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
