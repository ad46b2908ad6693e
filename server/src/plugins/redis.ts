import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis client for shared counters. Commands fail fast while Redis is down (no offline queue, one try)
 * instead of piling up behind requests; the client reconnects by itself.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down)
      log.warn({ err: error }, 'redis unavailable; API rate limits are not counted until it is back');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}
