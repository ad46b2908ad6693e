import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * How a request presents a configured bearer token (METRICS_TOKEN, OPERATOR_TOKEN): `none` sent, the `right`
 * one, or a `wrong` one (also any token while none is configured). Compared in constant time.
 */
export function bearerTokenOf(
  request: FastifyRequest,
  token: string | undefined,
): 'none' | 'right' | 'wrong' {
  const sent = request.headers.authorization;
  if (!sent) return 'none';
  if (!token) return 'wrong';
  const [left, right] = [Buffer.from(sent), Buffer.from(`Bearer ${token}`)];
  return left.length === right.length && timingSafeEqual(left, right) ? 'right' : 'wrong';
}
