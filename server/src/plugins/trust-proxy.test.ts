import { beforeAll, expect, it } from 'vitest';
import { request, signUp, type Session } from '../test/http';
import { describeEachDatabase } from '../test/test-app';

// The proxy in front of the app, which appends the address it saw to X-Forwarded-For (nginx's
// $proxy_add_x_forwarded_for, HAProxy's forwardfor). app.inject's peer is 127.0.0.1 unless told otherwise.
const PROXY = '127.0.0.1';

describeEachDatabase(
  'behind a trusted proxy (TRUST_PROXY=127.0.0.1)',
  (ctx) => {
    let session: Session;
    beforeAll(async () => {
      session = await signUp(ctx.app);
    });

    /** A sign-up through the proxy from `client`, which wrote its own X-Forwarded-For first. */
    const signUpThroughProxy = (client: string, spoofed: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {},
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
      });

    it('counts a client by the address the proxy saw, whatever it writes in front of it', async () => {
      const statuses = [];
      for (const spoofed of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await signUpThroughProxy('198.51.100.7', spoofed)).statusCode);
      }
      // SIGNUPS_PER_MINUTE=2: the third is over the limit, though each came "from" a new address.
      expect(statuses).toEqual([400, 400, 429]);
      // Another client behind the same proxy has a limit of its own.
      expect((await signUpThroughProxy('198.51.100.8', '203.0.113.3')).statusCode).toBe(400);
    });

    it('believes X-Forwarded-For only from the proxy, not from a client that reached the port directly', async () => {
      const direct = (spoofed: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: {},
          remoteAddress: '192.0.2.44',
          headers: { 'x-forwarded-for': spoofed },
        });
      const statuses = [];
      for (const spoofed of ['203.0.113.4', '203.0.113.5', '203.0.113.6']) {
        statuses.push((await direct(spoofed)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    });

    it('checks the Origin against the scheme and host the proxy was reached at', async () => {
      const patch = (origin: string, headers: Record<string, string>, remoteAddress = PROXY) =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/user',
          payload: { firstName: 'Grace' },
          remoteAddress,
          headers: { cookie: session.cookie, host: 'app:3000', origin, ...headers },
        });
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'bank.example' };
      expect((await patch('https://bank.example', https)).statusCode).toBe(200);
      expect((await patch('http://bank.example', https)).statusCode).toBe(403);
      expect((await patch('https://bank.example:8443', https)).statusCode).toBe(403);
      // The same headers from anyone but the proxy say nothing: the request was to http://app:3000.
      expect((await patch('https://bank.example', https, '192.0.2.44')).statusCode).toBe(403);
      expect((await patch('http://app:3000', https, '192.0.2.44')).statusCode).toBe(200);
    });
  },
  { TRUST_PROXY: [PROXY], SIGNUPS_PER_MINUTE: 2 },
);

describeEachDatabase(
  'the same-origin check',
  (ctx) => {
    it('compares the scheme and port of the Origin, not only its host name', async () => {
      const session = await signUp(ctx.app);
      const patch = (origin: string) =>
        request(
          ctx.app,
          session,
          'PATCH',
          '/api/user',
          { firstName: 'Grace' },
          { origin, host: 'localhost' },
        );
      expect((await patch('https://localhost')).statusCode).toBe(403);
      expect((await patch('http://localhost:8080')).statusCode).toBe(403);
      expect((await patch('http://localhost:80')).statusCode).toBe(200);
      expect((await patch('http://LOCALHOST')).statusCode).toBe(200);
      // PUBLIC_URL is the server's own address, whatever reached it in between.
      expect((await patch('https://bank.example')).statusCode).toBe(200);
      expect((await patch('http://bank.example')).statusCode).toBe(403);
    });
  },
  { PUBLIC_URL: 'https://bank.example' },
);
