import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { isApiRoute } from './api-route';
import { isApiKeyCall } from './session';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `scheme://host[:port]` as a browser writes an Origin (lower case, no default port), or null if it is none. */
function originOf(text: string): string | null {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing API requests that a browser sent from another site. The session cookie is
 * SameSite=Lax already; this is the second lock. Requests without Origin (curl, server-to-server) pass:
 * they carry no ambient browser credentials an attacker could borrow.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { allowedOrigins: string[] }) => {
  const allowed = new Set(options.allowedOrigins.map(originOf));

  // Scheme, host and port must all match: a page on http://bank must not act on https://bank. The request's
  // own scheme and host are a trusted proxy's X-Forwarded-Proto and -Host when there is one (TRUST_PROXY).
  function isSameOrigin(request: FastifyRequest, origin: string): boolean {
    const from = originOf(origin);
    if (from === null) return false;
    return allowed.has(from) || from === originOf(`${request.protocol}://${request.host}`);
  }

  app.addHook('onRequest', async (request) => {
    // A call that names a personal API key is never authenticated by cookies (plugins/session.ts), so a page on
    // another site gains nothing by sending one; and a browser asks first (a preflight) before it sends that header.
    if (safeMethods.has(request.method) || !isApiRoute(request) || isApiKeyCall(request)) return;
    const origin = request.headers.origin;
    const crossSite = origin
      ? !isSameOrigin(request, origin)
      : request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite) throw new AppError('FORBIDDEN', 'Cross-site request refused');
  });
});
