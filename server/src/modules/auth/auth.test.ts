import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';
import { request, sessionCookieFrom, signUp } from '../../test/http';
import { createAuthService } from './auth.service';
import { delaySeconds, sourceOf } from './login-throttle';

const password = 'correct horse battery';

describeEachDatabase('auth: register, sign in, sign out', (ctx) => {
  it('registers with a trimmed, lower-cased email and signs the user in', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: '  Ada.Lovelace@Example.COM ', password, firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      isDemo: false,
    });
    expect(response.json().user).not.toHaveProperty('passwordHash');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain HTTP in tests; Secure comes with HTTPS

    const me = await request(
      ctx.app,
      { cookie: sessionCookieFrom(response.headers), user: response.json().user },
      'GET',
      '/api/auth/me',
    );
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('ada.lovelace@example.com');
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    await signUp(ctx.app, 'dup@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'DUP@example.com', password },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it.each([
    ['an 11-character password', { email: 'short@example.com', password: '12345678901' }, 'password'],
    ['a 129-character password', { email: 'long@example.com', password: 'x'.repeat(129) }, 'password'],
    ['an invalid email', { email: 'not-an-email', password }, 'email'],
    ['a missing email', { password }, 'email'],
    ['a number for a password', { email: 'num@example.com', password: 12345678901 }, 'password'],
  ])('refuses %s with 400 and a field error', async (_label, payload, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().fields).toHaveProperty(field);
  });

  it('signs in with the right password and issues a new token each time', async () => {
    const session = await signUp(ctx.app, 'signin@example.com');
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'SignIn@example.com', password },
    });
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'signin@example.com', password },
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const tokens = new Set([
      session.cookie,
      sessionCookieFrom(first.headers),
      sessionCookieFrom(second.headers),
    ]);
    expect(tokens.size).toBe(3);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    await signUp(ctx.app, 'known@example.com');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'known@example.com', password: 'wrong password!' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('logs out: 204, and the old cookie no longer works', async () => {
    const session = await signUp(ctx.app);
    const out = await request(ctx.app, session, 'POST', '/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/meridian_session=;/);
    const me = await request(ctx.app, session, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers /me with 401 without a cookie or with a forged one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: 'meridian_session=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers /session with the user when signed in and user null (200, not 401) when signed out', async () => {
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'meridian_session=forged' },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ user: null });

    const session = await signUp(ctx.app, 'session@example.com');
    const signedIn = await request(ctx.app, session, 'GET', '/api/auth/session');
    const me = await request(ctx.app, session, 'GET', '/api/auth/me');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(me.json());
    expect(signedIn.json().user).toMatchObject({ id: session.user.id, email: 'session@example.com' });
    expect(signedIn.headers['cache-control']).toBe('no-store');

    await request(ctx.app, session, 'POST', '/api/auth/logout');
    expect((await request(ctx.app, session, 'GET', '/api/auth/session')).json()).toEqual({ user: null });
  });

  it('ends a session after the idle timeout and after the absolute timeout', async () => {
    const idle = await signUp(ctx.app);
    const longAgo = new Date(
      Date.now() - (ctx.config.SESSION_IDLE_TIMEOUT_MINUTES + 1) * 60_000,
    ).toISOString();
    await ctx.app.db
      .updateTable('sessions')
      .set({ last_seen_at: longAgo })
      .where('user_id', '=', idle.user.id)
      .execute();
    expect((await request(ctx.app, idle, 'GET', '/api/auth/me')).statusCode).toBe(401);

    const expired = await signUp(ctx.app);
    const past = new Date(Date.now() - 1000).toISOString();
    await ctx.app.db
      .updateTable('sessions')
      .set({ expires_at: past })
      .where('user_id', '=', expired.user.id)
      .execute();
    expect((await request(ctx.app, expired, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('starts a fresh demo user per click, signed in at once', async () => {
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/demo' });
    const second = await ctx.app.inject({ method: 'POST', url: '/api/auth/demo' });
    expect(first.statusCode).toBe(201);
    expect(first.json().user.isDemo).toBe(true);
    expect(first.json().user.id).not.toBe(second.json().user.id);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieFrom(first.headers) },
    });
    expect(me.json().user.id).toBe(first.json().user.id);
  });

  it('removes demo users idle for 24 hours, and only those', async () => {
    const stale = await ctx.app.inject({ method: 'POST', url: '/api/auth/demo' });
    const fresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/demo' });
    const staleId = stale.json().user.id;
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await ctx.app.db.updateTable('users').set({ created_at: dayAgo }).where('id', '=', staleId).execute();
    await ctx.app.db
      .updateTable('sessions')
      .set({ last_seen_at: dayAgo })
      .where('user_id', '=', staleId)
      .execute();

    expect(await ctx.app.auth.removeIdleDemoUsers()).toBeGreaterThanOrEqual(1);
    const staleMe = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieFrom(stale.headers) },
    });
    const freshMe = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieFrom(fresh.headers) },
    });
    expect(staleMe.statusCode).toBe(401);
    expect(freshMe.statusCode).toBe(200);
  });
});

describeEachDatabase(
  'auth: sign-in throttling nobody can aim at someone else',
  (ctx) => {
    const login = (email: string, pass: string, remoteAddress: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: pass },
        remoteAddress,
        ...(cookie && { headers: { cookie } }),
      });
    const deviceCookieFrom = (headers: Record<string, unknown>) => {
      const raw = headers['set-cookie'];
      const cookies = (Array.isArray(raw) ? raw : [raw]) as string[];
      return cookies.find((cookie) => cookie?.startsWith('meridian_device='))?.split(';')[0];
    };

    it("slows the attacker's source with growing waits, and never keeps the owner out", async () => {
      await signUp(ctx.app, 'target@example.com');
      const attacker = '198.51.100.1';
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await login('target@example.com', 'wrong password!', attacker)).statusCode).toBe(401);
      }
      // Three free failures, then each one waits: the fourth set a 1 s wait, even for the right password.
      const waiting = await login('target@example.com', password, attacker);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().code).toBe('RATE_LIMITED');
      expect(waiting.headers['retry-after']).toBe('1');
      // The owner, somewhere else, is not slowed at all.
      expect((await login('target@example.com', password, '203.0.113.5')).statusCode).toBe(200);
    });

    it('lets a browser that signed in before in, while the account is attacked from everywhere', async () => {
      await signUp(ctx.app, 'owner@example.com');
      const first = await login('owner@example.com', password, '203.0.113.10');
      expect(first.statusCode).toBe(200);
      const device = deviceCookieFrom(first.headers);
      expect(device).toMatch(/^meridian_device=[\w-]{43}$/);
      expect(String(first.headers['set-cookie'])).toMatch(/meridian_device=.*Path=\/api\/auth.*HttpOnly/);

      // Seven failures from seven addresses: the account-wide allowance (6) is used up.
      for (let attempt = 0; attempt < 7; attempt++) {
        await login('owner@example.com', 'wrong password!', `198.51.100.${20 + attempt}`);
      }
      expect((await login('owner@example.com', password, '203.0.113.11')).statusCode).toBe(429);
      // With the device cookie the owner gets in, from anywhere, and keeps the same device.
      const known = await login('owner@example.com', password, '198.51.100.20', device);
      expect(known.statusCode).toBe(200);
      expect(deviceCookieFrom(known.headers)).toBeUndefined();
    });

    it('throttles a device on its own failures, and a device cookie of one account does nothing for another', async () => {
      await signUp(ctx.app, 'careful@example.com');
      await signUp(ctx.app, 'other-owner@example.com');
      const device = deviceCookieFrom((await login('careful@example.com', password, '203.0.113.30')).headers);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect(
          (await login('careful@example.com', 'wrong password!', '203.0.113.30', device)).statusCode,
        ).toBe(401);
      }
      expect((await login('careful@example.com', password, '203.0.113.30', device)).statusCode).toBe(429);
      // The same browser signing in to another account is judged as any new browser.
      expect((await login('other-owner@example.com', password, '203.0.113.30', device)).statusCode).toBe(200);
    });

    it('counts a burst of simultaneous guesses: only the free ones get an answer on the password', async () => {
      await signUp(ctx.app, 'burst@example.com');
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => login('burst@example.com', 'wrong password!', '198.51.100.40')),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      // Three free failures, and the fourth attempt starts the wait: every other one is turned away unchecked.
      expect(statuses.filter((status) => status === 401)).toHaveLength(4);
      expect(statuses.filter((status) => status === 429)).toHaveLength(26);
    });

    it('slows one source trying many accounts', async () => {
      const ip = '192.0.2.77';
      for (let attempt = 0; attempt < 9; attempt++) {
        expect((await login(`someone${attempt}@example.com`, password, ip)).statusCode).toBe(401);
      }
      expect((await login('other@example.com', password, ip)).statusCode).toBe(429);
    });
  },
  {
    LOGIN_ATTEMPTS_PER_ACCOUNT: 3,
    LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_SOURCES: 6,
    LOGIN_ATTEMPTS_PER_IP: 8,
  },
);

describeEachDatabase(
  'auth: one sign-up bucket for register and demo',
  (ctx) => {
    it('counts a demo start as a sign-up from the same address', async () => {
      const from = '192.0.2.200';
      for (let index = 0; index < 3; index++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: `bucket-${index}@example.com`, password },
          remoteAddress: from,
        });
        expect(response.statusCode).toBe(201);
      }
      const demo = await ctx.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: from });
      expect(demo.statusCode).toBe(429);
      const elsewhere = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        remoteAddress: '192.0.2.201',
      });
      expect(elsewhere.statusCode).toBe(201);
    });
  },
  { SIGNUPS_PER_MINUTE: 3 },
);

describeEachDatabase('auth: an active session outlives a short idle timeout', (ctx) => {
  it('refreshes last-seen often enough for a one-minute idle timeout', async () => {
    let clock = new Date('2026-11-01T12:00:00.000Z');
    const auth = createAuthService({
      db: ctx.app.db,
      config: { ...ctx.config, SESSION_IDLE_TIMEOUT_MINUTES: 1 },
      now: () => clock,
    });
    const { token } = await auth.register(
      { email: 'busy@example.com', password },
      { ip: '127.0.0.1', userAgent: 'test' },
    );
    // Used every 50 s for five minutes: never idle for a whole minute, so never signed out.
    for (let step = 0; step < 6; step++) {
      clock = new Date(clock.getTime() + 50_000);
      expect(await auth.authenticate(token)).not.toBeNull();
    }
    // Left alone for just over a minute, it ends.
    clock = new Date(clock.getTime() + 61_000);
    expect(await auth.authenticate(token)).toBeNull();
  });
});

describeEachDatabase('auth: a wait on sign-in ends by itself', (ctx) => {
  it('lets the next attempt through once the wait is over: it is a delay, not a lock', async () => {
    // Three free failures; the fourth sets a 1 s wait, even for the right password.
    let clock = new Date('2026-11-01T12:00:00.000Z');
    const config = { ...ctx.config, LOGIN_ATTEMPTS_PER_ACCOUNT: 3 };
    const auth = createAuthService({ db: ctx.app.db, config, now: () => clock });
    await auth.register({ email: 'waits@example.com', password }, { ip: '127.0.0.1', userAgent: 'test' });
    const attacker = { ip: '198.51.100.2', userAgent: 'test' };
    const attempt = (pass: string) => auth.login({ email: 'waits@example.com', password: pass }, attacker);
    for (let failure = 0; failure < 4; failure++) {
      await expect(attempt('wrong password!')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    await expect(attempt(password)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      options: { retryAfterSeconds: 1 },
    });
    clock = new Date(clock.getTime() + 1_100);
    await expect(attempt('wrong again!!')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(attempt(password)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      options: { retryAfterSeconds: 2 },
    });
  });
});

describeEachDatabase('auth: sitting out the longest wait buys no fresh guesses', (ctx) => {
  it('remembers failures long after the wait is over', async () => {
    let clock = new Date('2026-11-01T12:00:00.000Z');
    const config = { ...ctx.config, LOGIN_ATTEMPTS_PER_ACCOUNT: 3, LOGIN_MAX_DELAY_SECONDS: 900 };
    const auth = createAuthService({ db: ctx.app.db, config, now: () => clock });
    await auth.register({ email: 'patient@example.com', password }, { ip: '127.0.0.1', userAgent: 'test' });
    const attacker = { ip: '198.51.100.60', userAgent: 'test' };
    const guess = () => auth.login({ email: 'patient@example.com', password: 'wrong password!' }, attacker);
    for (let attempt = 0; attempt < 4; attempt++) {
      await expect(guess()).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    // Sixteen minutes later (past a 15-minute window and the 15-minute cap): still counted.
    clock = new Date(clock.getTime() + 16 * 60_000);
    await expect(guess()).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(guess()).rejects.toMatchObject({ code: 'RATE_LIMITED', options: { retryAfterSeconds: 2 } });
    // A day after the last failure they are forgotten.
    clock = new Date(clock.getTime() + 24 * 3_600_000 + 60_000);
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(guess()).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
  });
});

describe('auth: a source is an IPv4 address or an IPv6 /64', () => {
  it('groups an IPv6 block and unwraps IPv4-mapped addresses', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(sourceOf('2001:db8:aa:bb::9')).toBe(sourceOf('2001:0db8:00aa:00bb:ffff::1'));
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('auth: the wait after free failures', () => {
  it('doubles from 1 s and stops at the ceiling', () => {
    expect([5, 6, 7, 8, 9].map((failures) => delaySeconds(failures, 5, 900))).toEqual([0, 1, 2, 4, 8]);
    expect(delaySeconds(20, 5, 900)).toBe(900);
    expect(delaySeconds(10_000, 5, 900)).toBe(900);
  });
});

describe('auth: password hashing', () => {
  it('stores an argon2id hash, never the password', async () => {
    const { hashPassword, verifyPassword } = await import('./password');
    const hash = await hashPassword(password);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, password)).toBe(true);
    expect(await verifyPassword(hash, 'not the password')).toBe(false);
    expect(await verifyPassword('garbage', password)).toBe(false);
  });
});
