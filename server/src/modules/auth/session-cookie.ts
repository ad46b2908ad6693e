import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import { DEVICE_COOKIE, SESSION_COOKIE } from './session-token';

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
