import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import { unauthenticated } from '../lib/errors';
import { isApiRoute } from './api-route';
import type { AuthService } from '../modules/auth/auth.service';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../modules/auth/session-token';

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

export function setSessionCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.COOKIE_SECURE ?? request.protocol === 'https',
    expires: session.expiresAt,
  });
}

/**
 * The browser's device cookie (login-throttle.ts): a year long, sent only to the sign-in endpoints. It proves
 * nothing by itself; it only keeps failures made elsewhere from slowing this browser's sign-in.
 */
export function setDeviceCookie(config: Config, request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.COOKIE_SECURE ?? request.protocol === 'https',
    maxAge: 365 * 24 * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Resolves the session cookie on every /api request and refuses non-public routes without one. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  app.decorateRequest('auth', null);
  // onRequest, before the body is parsed or validated: an anonymous caller gets 401, never a 400 that
  // describes a protected route's body.
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await options.auth.authenticate(token) : null;
    if (!request.auth && !request.routeOptions.config.public) throw unauthenticated();
  });
});
