import { createConnection } from 'node:net';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '@contract/system';
import { operatorHeaders } from '../test/http';
import { createTestApp } from '../test/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at REDIS_URL (the machines this project runs on have one; skip where not). */
const reachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket.once('connect', () => resolve(true));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => resolve(false));
});

describe.skipIf(!reachable)('API rate limit in Redis (REDIS_URL)', () => {
  it('is one limit for every process: two apps count one client together', async () => {
    const overrides = { REDIS_URL, RATE_LIMIT_PER_MINUTE: 4 };
    const [first, second] = await Promise.all([
      createTestApp('sqlite', overrides),
      createTestApp('sqlite', overrides),
    ]);
    try {
      // A client address of its own, so another run's counts never meet this one's.
      const client = { remoteAddress: `203.0.${randomInt(256)}.${randomInt(256)}` };
      const ask = (app: typeof first.app) =>
        app
          .inject({ method: 'GET', url: '/api/auth/options', ...client })
          .then((response) => response.statusCode);
      await Promise.all([first.app.ready(), second.app.ready()]);
      // Each client connects once its app is ready; wait until both can count (the status page pings Redis, from another
      // address than the client's, so the polls are not counted against it).
      const redisAnswers = async (app: typeof first.app) => {
        const response = await app.inject({
          method: 'GET',
          url: '/api/system/status',
          headers: operatorHeaders,
        });
        const checks = (response.json() as SystemStatus).integrations;
        return checks.find((check) => check.id === 'rate-limits')?.status;
      };
      await expect.poll(() => redisAnswers(first.app)).toBe('working');
      await expect.poll(() => redisAnswers(second.app)).toBe('working');
      const statuses = [
        await ask(first.app),
        await ask(second.app),
        await ask(first.app),
        await ask(second.app),
      ];
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(await ask(second.app)).toBe(429);
      expect(await ask(first.app)).toBe(429);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
