import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { isApiRoute } from './api-route';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests that a browser sent from another site. The session cookie is
 * SameSite=Lax already; this is the second lock. Requests without Origin (curl, server-to-server) pass:
 * they carry no ambient browser credentials an attacker could borrow.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { allowedOrigins: string[] }) => {
  const allowed = new Set(options.allowedOrigins.map((origin) => origin.toLowerCase()));

  function isSameOrigin(request: FastifyRequest, origin: string): boolean {
    if (allowed.has(origin.toLowerCase())) return true;
    try {
      const from = new URL(origin);
      // Normalise the Host header through URL too, so "example.com:443" equals "https://example.com".
      return from.host === new URL(`${from.protocol}//${request.headers.host ?? ''}`).host;
    } catch {
      return false;
    }
  }

  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !isApiRoute(request)) return;
    const origin = request.headers.origin;
    const crossSite = origin
      ? !isSameOrigin(request, origin)
      : request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite) throw new AppError('FORBIDDEN', 'Cross-site request refused');
  });
});
