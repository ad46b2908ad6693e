import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { request, signUp, TEST_PASSWORD, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { createEmailVerificationService } from '../email-verification/email-verification.service';
import { createPasswordCheck } from './password-check';

const signInFrom = async (
  ctx: { app: Parameters<typeof signUp>[0] },
  email: string,
  remoteAddress: string,
) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
};

describeEachDatabase(
  'the password asked again of a signed-in session',
  (ctx) => {
    const call = (session: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      request(ctx.app, session, method, url, payload);
    /** Refused without a password (400, nothing checked) and with a wrong one (the one 400 of every route). */
    const refusedWithoutAndWithWrong = async (
      session: Session,
      method: 'POST' | 'PUT' | 'DELETE',
      url: string,
      body: object,
    ) => {
      const without = await call(session, method, url, body);
      expect(without.statusCode).toBe(400);
      expect(without.json().fields).toHaveProperty('password');
      const wrong = await call(session, method, url, { ...body, password: 'not the password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { password: 'Incorrect password' },
      });
    };

    it('turns two-factor on only with the password', async () => {
      const session = await signUp(ctx.app);
      const { secret } = (await call(session, 'POST', '/api/user/2fa/setup')).json();
      const code = await generate({ secret });
      await refusedWithoutAndWithWrong(session, 'POST', '/api/user/2fa/enable', { code });
      expect((await request(ctx.app, session, 'GET', '/api/user/2fa')).json().enabled).toBe(false);
      const enabled = await call(session, 'POST', '/api/user/2fa/enable', { code, password: TEST_PASSWORD });
      expect(enabled.statusCode).toBe(200);
    });

    it('turns sign-in alerts off only with the password, and on without it', async () => {
      const session = await signUp(ctx.app);
      await refusedWithoutAndWithWrong(session, 'PUT', '/api/user/security-settings', { loginAlerts: false });
      expect((await request(ctx.app, session, 'GET', '/api/user/security-settings')).json()).toEqual({
        loginAlerts: true,
      });
      const off = await call(session, 'PUT', '/api/user/security-settings', {
        loginAlerts: false,
        password: TEST_PASSWORD,
      });
      expect(off.json()).toEqual({ loginAlerts: false });
      const on = await call(session, 'PUT', '/api/user/security-settings', { loginAlerts: true });
      expect(on.json()).toEqual({ loginAlerts: true });
    });

    it('signs every other session out only with the password', async () => {
      const session = await signUp(ctx.app);
      await signInFrom(ctx, session.user.email, '203.0.113.90');
      await refusedWithoutAndWithWrong(session, 'DELETE', '/api/user/sessions', {});
      expect((await request(ctx.app, session, 'GET', '/api/user/sessions')).json()).toHaveLength(2);
      const ended = await call(session, 'DELETE', '/api/user/sessions', { password: TEST_PASSWORD });
      expect(ended.json()).toEqual({ ended: 1 });
    });

    it('counts wrong passwords per account, whatever the route or the address: PATCH /api/user too', async () => {
      const session = await signUp(ctx.app);
      const changeEmail = (currentPassword: string, remoteAddress: string) =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/user',
          remoteAddress,
          headers: { cookie: session.cookie },
          payload: { email: `new-${session.user.id}@example.com`, currentPassword },
        });
      // Three free wrong passwords (LOGIN_ATTEMPTS_PER_ACCOUNT here) spread over routes and addresses, and
      // the fourth starts the wait.
      expect((await changeEmail('wrong password 1', '198.51.100.1')).statusCode).toBe(400);
      const wrongChange = await call(session, 'POST', '/api/user/password', {
        currentPassword: 'wrong password 2',
        newPassword: 'a brand new passphrase',
      });
      expect(wrongChange.json().fields).toEqual({ currentPassword: 'Incorrect password' });
      expect((await changeEmail('wrong password 3', '198.51.100.2')).statusCode).toBe(400);
      expect((await changeEmail('wrong password 4', '198.51.100.3')).statusCode).toBe(400);
      const limited = await changeEmail('wrong password 5', '198.51.100.4');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The right password waits too: the wait is not a hint.
      expect((await changeEmail(TEST_PASSWORD, '198.51.100.5')).statusCode).toBe(429);
      expect(
        (await call(session, 'DELETE', '/api/user/sessions', { password: TEST_PASSWORD })).statusCode,
      ).toBe(429);
    });

    it('holds a right password back until the wait is over (clock injected)', async () => {
      const session = await signUp(ctx.app);
      let clock = new Date('2026-11-01T12:00:00.000Z');
      const now = () => clock;
      const verification = createEmailVerificationService({
        db: ctx.app.db,
        mailer: ctx.app.mail,
        notifier: ctx.app.notifier,
        config: ctx.config,
        checkPassword: createPasswordCheck({ db: ctx.app.db, config: ctx.config, now }),
        now,
      });
      const changeEmail = (password: string) =>
        verification.requestChange(session.user.id, `moved-${session.user.id}@example.com`, password);
      for (let attempt = 0; attempt < 4; attempt++) {
        await expect(changeEmail('not the password')).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { currentPassword: 'Incorrect password' },
        });
      }
      await expect(changeEmail('not the password')).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        options: { retryAfterSeconds: 1 },
      });
      await expect(changeEmail(TEST_PASSWORD)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      clock = new Date(clock.getTime() + 999);
      await expect(changeEmail(TEST_PASSWORD)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      clock = new Date(clock.getTime() + 1);
      await expect(changeEmail(TEST_PASSWORD)).resolves.toBeUndefined();
    });
  },
  { LOGIN_ATTEMPTS_PER_ACCOUNT: 3, TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('hex') },
);
