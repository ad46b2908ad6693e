import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/errors';
import { isApiRoute } from './api-route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, sign-up, public invoice links). */
    public?: boolean;
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
    request.auth = token ? await options.authenticate(token) : null;
    if (!request.auth && !request.routeOptions.config.public) throw unauthenticated();
  });
});
