import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis client for shared counters. Commands fail fast while Redis is down (no offline queue, one try)
 * instead of piling up behind requests; the client reconnects by itself.
 *
 * A Redis that is frozen rather than down (stopped, swapping, partitioned) keeps its connection open and never
 * answers, and every API request waits on its rate-limit count. So each command gives up after
 * `commandTimeoutMs` (the limiter then lets the request through uncounted), and a connection that has not
 * answered for that long is dropped: it is logged like any outage, and while the client reconnects commands
 * fail at once instead of each waiting out the timeout.
 *
 * It connects at `connect()` (or its first command), so the caller picks the moment: not while a long start
 * keeps the event loop busy, where an answered handshake would still time out and be logged as an outage.
 */
export function connectRedis(url: string, log: FastifyBaseLogger, commandTimeoutMs: number): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: commandTimeoutMs,
    socketTimeout: commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Logged once per outage, not once per request or reconnection attempt.
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down)
      log.warn({ err: error }, 'redis unavailable; API rate limits are not counted until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis is back; API rate limits are counted again');
    down = false;
  });
  return redis;
}
