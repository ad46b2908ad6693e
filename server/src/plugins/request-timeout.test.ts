import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@contract/errors';
import { request, signUp } from '../test/http';
import { openNotificationStream, type StreamClient } from '../test/sse';
import { describeEachDatabase } from '../test/test-app';

describeEachDatabase(
  'request timeout',
  (ctx) => {
    let baseUrl: string;
    let stream: StreamClient | undefined;
    beforeAll(async () => {
      baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => stream?.close());

    it('closes a connection whose body dribbles in, with a 408, while live streams stay open', async () => {
      const session = await signUp(ctx.app);
      stream = await openNotificationStream(baseUrl, session.cookie);
      await stream.next();

      // A byte every 100 ms: the announced 1,000 bytes would take 100 s.
      const { port } = ctx.app.server.address() as AddressInfo;
      let answer = '';
      let closed = false;
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 1000\r\n\r\n{',
        ),
      );
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => (closed = true));
      socket.on('error', () => {});
      const dribble = setInterval(() => socket.writable && socket.write(' '), 100);
      try {
        // One second of timeout, a quarter of it between Node's checks: closed well within five.
        await expect.poll(() => closed, { timeout: 5000, interval: 50 }).toBe(true);
      } finally {
        clearInterval(dribble);
        socket.destroy();
      }
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1.1 408 /);
      expect(errorBodySchema.parse(JSON.parse(body)).code).toBe('VALIDATION_FAILED');

      // The stream, open since before the dribble began (longer than the timeout), still hears its user.
      await request(ctx.app, session, 'PUT', '/api/notifications/mark-all-read');
      expect(await stream.next((message) => message.unreadCount === 0)).toMatchObject({ unreadCount: 0 });
    });
  },
  { REQUEST_TIMEOUT_SECONDS: 1 },
);
