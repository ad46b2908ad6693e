import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@contract/errors';
import { createTestApp, describeEachDatabase, type TestContext } from '../test/test-app';
import { TEST_PASSWORD, request, signUp } from '../test/http';
import { ledgerSnapshot, newKey, walletsOf } from '../test/money';

describeEachDatabase('HTTP edges: errors, CSRF, limits, health', (ctx) => {
  it('answers every non-public /api route with 401 without a session', async () => {
    const protectedRoutes = ctx.app.routeList.filter(
      (route) => route.url.startsWith('/api/') && !route.public,
    );
    expect(protectedRoutes.length).toBeGreaterThan(2);
    for (const route of protectedRoutes) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
        const response = await ctx.app.inject({ method: method as 'GET', url, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('turns malformed JSON into a 400, never a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON',
    });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.c',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unknown /api path with a JSON 404, not the web page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('refuses a state-changing request from a foreign origin (CSRF) and allows its own', async () => {
    const session = await signUp(ctx.app);
    const foreign = await request(
      ctx.app,
      session,
      'PATCH',
      '/api/user',
      { firstName: 'Mallory' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    const crossSite = await request(
      ctx.app,
      session,
      'PATCH',
      '/api/user',
      { firstName: 'Mallory' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    const own = await request(
      ctx.app,
      session,
      'PATCH',
      '/api/user',
      { firstName: 'Grace' },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(own.statusCode).toBe(200);
    const user = await request(ctx.app, session, 'GET', '/api/user');
    expect(user.json().firstName).toBe('Grace');
  });

  it('reports liveness and database readiness', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    // A stranger learns that it is ready, not what it runs on.
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describeEachDatabase('profile: GET and PATCH /api/user', (ctx) => {
  it('reads and updates only the signed-in user', async () => {
    const ada = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const patched = await request(ctx.app, ada, 'PATCH', '/api/user', {
      firstName: 'Ada',
      lastName: 'Byron',
      phone: '+44 20 7946 0958',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      phone: '+44 20 7946 0958',
      email: ada.user.email,
    });
    expect((await request(ctx.app, bob, 'GET', '/api/user')).json().firstName).toBe('');
  });

  it('refuses control characters in free text with a 400 (PostgreSQL cannot even store NUL)', async () => {
    const ada = await signUp(ctx.app);
    const nul = 'Design\u0000work';
    const name = await request(ctx.app, ada, 'PATCH', '/api/user', { firstName: nul });
    expect(name.statusCode).toBe(400);
    expect(name.json().fields).toHaveProperty('firstName');
    const transfer = await request(
      ctx.app,
      ada,
      'POST',
      '/api/transactions',
      { amount: '1.00', fromCurrency: 'USD', recipientEmail: 'x@example.com', description: nul },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().fields).toHaveProperty('description');
    // JSON can spell half a surrogate pair; the databases would each store a different replacement for it.
    const lone = await request(ctx.app, ada, 'PATCH', '/api/user', { lastName: 'a\ud800b' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().fields).toHaveProperty('lastName');
    const recipient = await request(ctx.app, ada, 'POST', '/api/recipients', {
      name: 'Bell\u0007',
      email: 'bell@example.com',
    });
    expect(recipient.statusCode).toBe(400);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nul@example.com', password: TEST_PASSWORD, lastName: nul },
    });
    expect(registered.statusCode).toBe(400);
  });

  it('refuses a control character in a path id with a 400, not a PostgreSQL 500', async () => {
    const ada = await signUp(ctx.app);
    const wallets = await walletsOf(ctx.app, ada);
    const before = await ledgerSnapshot(ctx.app.db);
    for (const [method, url] of [
      ['DELETE', '/api/recipients/%00'],
      ['DELETE', '/api/recipients/recent:a%00@example.com'],
      ['POST', `/api/wallets/${wallets.USD!.id}%00/deposit`],
    ] as const) {
      const body = method === 'POST' ? { amount: '1.00' } : undefined;
      const response = await request(ctx.app, ada, method, url, body, newKey());
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { id: 'Contains a character that is not allowed (U+0000)' },
      });
    }
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('refuses an email another account uses (409) and bad fields (400), changing nothing', async () => {
    const ada = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const taken = await request(ctx.app, ada, 'PATCH', '/api/user', {
      email: bob.user.email.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    const badPhone = await request(ctx.app, ada, 'PATCH', '/api/user', { phone: '<script>' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fields).toHaveProperty('phone');
    const badEmail = await request(ctx.app, ada, 'PATCH', '/api/user', {
      email: 'nope',
      currentPassword: TEST_PASSWORD,
    });
    expect(badEmail.statusCode).toBe(400);
    expect((await request(ctx.app, ada, 'GET', '/api/user')).json()).toMatchObject({
      email: ada.user.email,
      phone: '',
    });
  });
});

describe('HTTP edges that need their own app', () => {
  let ctx: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'meridian-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Meridian</title>');
    // As the build's prerender step leaves it: long enough to be worth compressing.
    writeFileSync(
      join(dist, 'landing.html'),
      `<!doctype html><title>Landing</title>${'<p>Banking</p>'.repeat(200)}`,
    );
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    ctx = await createTestApp('sqlite', {
      WEB_DIST_DIR: dist,
      BODY_LIMIT_BYTES: 1024,
      SIGNUPS_PER_MINUTE: 2,
      RATE_LIMIT_PER_MINUTE: 5,
    });
    ctx.app.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('connection to db-secret-host:5432 failed for user admin');
    });
  });
  afterAll(() => ctx.close());

  it('never shows internals in a 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
    expect(response.body).not.toMatch(/secret|admin|5432/);
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(2000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rate-limits sign-ups per address with 429', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        remoteAddress: '198.51.100.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it("counts API requests only: the app's files and pages are never rate-limited", async () => {
    const from = { remoteAddress: '198.51.100.50' };
    for (let index = 0; index < 20; index++) {
      const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', ...from });
      expect(asset.statusCode).toBe(200);
      const page = await ctx.app.inject({ method: 'GET', url: '/dashboard', ...from });
      expect(page.statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz', ...from })).statusCode).toBe(200);
    }
    const api = [];
    for (let index = 0; index < 6; index++) {
      api.push((await ctx.app.inject({ method: 'GET', url: '/api/auth/options', ...from })).statusCode);
    }
    expect(api).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', ...from })).statusCode).toBe(
      200,
    );
  });

  it('marks every API answer no-store, pages no-cache and fingerprinted assets immutable', async () => {
    const from = { remoteAddress: '198.51.100.51' };
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/auth/options', ...from });
    const denied = await ctx.app.inject({ method: 'GET', url: '/api/wallets', ...from });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', ...from });
    const bare = await ctx.app.inject({ method: 'GET', url: '/api', ...from });
    const encoded = await ctx.app.inject({ method: 'POST', url: '/%61pi/nothing-here', ...from });
    const badEscape = await ctx.app.inject({ method: 'GET', url: '/api/recipients/%E0%A4%A', ...from });
    for (const response of [ok, denied, missing, bare, encoded, badEscape]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/', ...from })).headers['cache-control']).toBe(
      'no-cache',
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/profile', ...from })).headers['cache-control']).toBe(
      'no-cache',
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', ...from })).headers[
        'cache-control'
      ],
    ).toBe('public, max-age=31536000, immutable');
  });

  it("answers the router's own refusals in the one error shape", async () => {
    const from = { remoteAddress: '198.51.100.53' };
    for (const url of [
      '/api/recipients/' + 'a'.repeat(120),
      '/api/recipients/%E0%A4%A',
      '/api/transactions/%zz',
    ]) {
      const response = await ctx.app.inject({ method: 'DELETE', url, ...from });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it("answers what Node's HTTP parser refuses in the one error shape too", async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const cases = [
      ['GARBAGE\r\n\r\n', 400],
      ['GET /api/wallets HTTP/1.1\r\nHost: a\r\nX-Bad: a\u0001b\r\n\r\n', 400],
      [`GET /api/wallets HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const;
    for (const [raw, status] of cases) {
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(raw));
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, raw.slice(0, 40)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head).toMatch(/cache-control: no-store/i);
      expect(errorBodySchema.safeParse(JSON.parse(body)).success, body).toBe(true);
    }
  });

  it('denies framing and browser features the app does not use, on every kind of answer', async () => {
    const from = { remoteAddress: '198.51.100.54' };
    for (const url of [
      '/',
      '/assets/app-abc123.js',
      '/api/auth/options',
      '/api/wallets',
      '/api/recipients/%zz',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, ...from });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['permissions-policy'], url).toMatch(
        /camera=\(\), .*geolocation=\(\), .*microphone=\(\), .*payment=\(\), usb=\(\)/,
      );
    }
  });

  it('decides by the matched route: a percent-encoded /api path still needs a session', async () => {
    const from = { remoteAddress: '198.51.100.52' };
    for (const url of ['/%61pi/exchange-rates/all', '/%61pi/wallets']) {
      const response = await ctx.app.inject({ method: 'GET', url, ...from });
      expect(response.statusCode).toBe(401);
    }
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/convert/quote',
      payload: { amount: '1', from: 'USD', to: 'EUR' },
      headers: { origin: 'https://evil.example' },
      ...from,
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('serves the web app with an SPA fallback, and fingerprinted assets cached for good', async () => {
    const deepLink = await ctx.app.inject({ method: 'GET', url: '/history?type=incoming' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toMatch(/text\/html/);
    expect(deepLink.body).toContain('<title>Meridian</title>');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('serves / the prerendered landing page, revalidated on every visit and compressed', async () => {
    for (const url of ['/', '/?ref=newsletter']) {
      const landing = await ctx.app.inject({ method: 'GET', url });
      expect(landing.statusCode).toBe(200);
      expect(landing.headers['content-type']).toMatch(/text\/html/);
      expect(landing.headers['cache-control']).toBe('no-cache');
      expect(landing.body).toContain('<title>Landing</title>');
    }
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    // Every other page is the plain app shell.
    expect((await ctx.app.inject({ method: 'GET', url: '/dashboard' })).body).toContain(
      '<title>Meridian</title>',
    );
  });
});
