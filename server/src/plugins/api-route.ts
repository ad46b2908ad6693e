import type { FastifyRequest } from 'fastify';

/**
 * Whether the request matched an API route, decided by the route Fastify matched, not by the raw URL: a
 * percent-encoded path such as `/%61pi/…` reaches the same route as `/api/…`, and a check of the raw text would
 * let it past whatever only looks at `/api/`.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route === '/api' || route.startsWith('/api/'));
}
