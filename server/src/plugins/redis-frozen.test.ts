import { createConnection } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createLogger } from '../lib/logger';
import { testConfig } from '../test/config';
import { cuttableProxy } from '../test/cuttable-proxy';
import { createTestDatabase } from '../test/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const reachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket.once('connect', () => resolve(socket.end() && true));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => resolve(false));
});

/**
 * A Redis that stops answering without closing its connections (SIGSTOP, a partition): here a proxy in front
 * of the shared Redis that stops passing bytes, so that Redis itself is never frozen for the other tests.
 */
describe.skipIf(!reachable)('a frozen Redis (REDIS_URL)', () => {
  it('holds no request past the command timeout, and is logged once', async () => {
    const proxy = await cuttableProxy(new URL(REDIS_URL));
    const database = await createTestDatabase('sqlite');
    const lines: { msg: string; err?: { message: string } }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp(
      testConfig({
        ...database.config,
        REDIS_URL: proxy.url.toString(),
        REDIS_COMMAND_TIMEOUT_MS: 200,
        RATE_LIMIT_PER_MINUTE: 1000,
      }),
      { logger: createLogger('info', sink) },
    );
    try {
      const ask = () => app.inject({ method: 'GET', url: '/api/auth/options' });
      // Counted in Redis once the client is connected: the limit's remaining count goes down.
      await expect.poll(async () => Number((await ask()).headers['x-ratelimit-remaining'])).toBeLessThan(999);
      proxy.freeze();
      // Without a timeout each of these waits for as long as Redis is frozen: here forever, and the test
      // fails on vitest's own time limit.
      for (let request = 0; request < 5; request++) expect((await ask()).statusCode).toBe(200);
      const outages = lines.filter((line) => line.msg.startsWith('redis unavailable'));
      expect(outages).toHaveLength(1);
      expect(outages[0]!.err?.message).toMatch(/timed out|timeout/i);
    } finally {
      await app.close();
      await proxy.cut();
      await database.drop();
    }
  });
});
