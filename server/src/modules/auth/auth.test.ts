import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';
import { request, sessionCookieFrom, signUp } from '../../test/http';

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
    ['a 9-character password', { email: 'short@example.com', password: '123456789' }, 'password'],
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
  'auth: sign-in rate limits',
  (ctx) => {
    it('locks an account after too many failed attempts, even with the right password', async () => {
      await signUp(ctx.app, 'locked@example.com');
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'locked@example.com', password: 'wrong password!' },
          remoteAddress: `10.0.0.${attempt}`,
        });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'locked@example.com', password },
        remoteAddress: '10.0.0.9',
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
    });

    it('limits attempts per IP across accounts', async () => {
      const ip = '192.0.2.77';
      for (let attempt = 0; attempt < 5; attempt++) {
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `someone${attempt}@example.com`, password },
          remoteAddress: ip,
        });
      }
      const blocked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'other@example.com', password },
        remoteAddress: ip,
      });
      expect(blocked.statusCode).toBe(429);
    });
  },
  { LOGIN_ATTEMPTS_PER_ACCOUNT: 3, LOGIN_ATTEMPTS_PER_IP: 5 },
);

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
