import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { beforeEach, expect, it } from 'vitest';
import { sessionCookieFrom, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { MAX_CHALLENGE_FAILURES } from './two-factor-codes';

/** The code the authenticator app shows `steps` time steps (30 s each) from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let lastOctet = 0;

describeEachDatabase(
  'two-factor sign-in',
  (ctx) => {
    // Code routes are rate limited per address (a few tries a minute): each test comes from its own.
    let remoteAddress = '';
    beforeEach(() => {
      lastOctet += 1;
      remoteAddress = `198.51.100.${lastOctet}`;
    });
    const request = (
      session: Session | null,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: Record<string, unknown>,
    ) =>
      ctx.app.inject({
        method,
        url,
        remoteAddress,
        ...(payload && { payload }),
        headers: session ? { cookie: session.cookie } : {},
      });
    const login = (email: string, password = TEST_PASSWORD) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
    const answer = (challengeId: string, code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login/2fa',
        remoteAddress,
        payload: { challengeId, code },
      });
    const challengeFor = async (email: string): Promise<string> => {
      const response = await login(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ twoFactorRequired: true, challengeId: expect.any(String) });
      expect(String(response.headers['set-cookie'] ?? '')).not.toContain('meridian_session=');
      return response.json().challengeId;
    };
    const titles = async (session: Session) =>
      ((await request(session, 'GET', '/api/notifications')).json() as { title: string }[]).map(
        (notice) => notice.title,
      );

    /** A user with two-factor on: its secret and recovery codes. The confirming code is the previous step's. */
    const enrolled = async () => {
      const session = await signUp(ctx.app);
      const setup = await request(session, 'POST', '/api/user/2fa/setup');
      expect(setup.statusCode).toBe(201);
      const { secret } = setup.json();
      const enable = await request(session, 'POST', '/api/user/2fa/enable', {
        code: await codeAt(secret, -1),
        password: TEST_PASSWORD,
      });
      expect(enable.statusCode).toBe(200);
      return { session, secret: secret as string, recoveryCodes: enable.json().recoveryCodes as string[] };
    };

    it('enrols with a QR code and a confirming code, and keeps the secret sealed', async () => {
      const session = await signUp(ctx.app);
      expect((await request(session, 'GET', '/api/user/2fa')).json()).toEqual({
        enabled: false,
        recoveryCodesLeft: 0,
      });
      const setup = await request(session, 'POST', '/api/user/2fa/setup');
      const { secret, otpauthUri, qrCode } = setup.json();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Meridian:/);
      expect(otpauthUri).toContain(`secret=${secret}`);
      expect(qrCode).toMatch(/^data:image\/png;base64,/);

      const stored = await ctx.app.db
        .selectFrom('two_factor')
        .select('secret')
        .where('user_id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret).not.toContain(secret);
      expect(stored.secret).not.toContain(Buffer.from(secret).toString('base64'));

      const wrongCode = (await codeAt(secret)) === '000000' ? '111111' : '000000';
      const wrong = await request(session, 'POST', '/api/user/2fa/enable', {
        code: wrongCode,
        password: TEST_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toHaveProperty('code');
      expect((await request(session, 'GET', '/api/user/2fa')).json().enabled).toBe(false);
      // Still pending: signing in needs only the password.
      expect((await login(session.user.email)).json()).toHaveProperty('user');

      const enable = await request(session, 'POST', '/api/user/2fa/enable', {
        code: await codeAt(secret),
        password: TEST_PASSWORD,
      });
      expect(enable.statusCode).toBe(200);
      const { recoveryCodes } = enable.json();
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      const hashes = await ctx.app.db
        .selectFrom('two_factor_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', session.user.id)
        .execute();
      expect(hashes.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
      expect((await request(session, 'GET', '/api/user/2fa')).json()).toEqual({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      expect(await titles(session)).toContain('Two-factor authentication on');
      // On already: no second setup over it.
      expect((await request(session, 'POST', '/api/user/2fa/setup')).statusCode).toBe(409);
    });

    it('signs in with a right code once; a wrong or replayed code is refused; a recovery code works once', async () => {
      const { secret, recoveryCodes, session } = await enrolled();
      const email = session.user.email;

      const first = await challengeFor(email);
      const wrong = await answer(first, '000000' === (await codeAt(secret)) ? '111111' : '000000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
      const code = await codeAt(secret);
      const right = await answer(first, code);
      expect(right.statusCode).toBe(200);
      expect(right.json().user.email).toBe(email);
      const cookie = sessionCookieFrom(right.headers);
      expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);

      // The same code again, on a fresh challenge: refused (its time step is spent).
      const second = await challengeFor(email);
      expect((await answer(second, code)).statusCode).toBe(401);
      // The recovery code, with a dash, spaces or in capitals: the same code, and only once.
      expect((await answer(second, ` ${recoveryCodes[0]!.toUpperCase()} `)).statusCode).toBe(200);
      const third = await challengeFor(email);
      const reused = await answer(third, recoveryCodes[0]!);
      expect(reused.statusCode).toBe(401);
      expect((await request(session, 'GET', '/api/user/2fa')).json().recoveryCodesLeft).toBe(9);
      // The next step's code still works.
      expect((await answer(third, await codeAt(secret, 1))).statusCode).toBe(200);
    });

    it('a challenge is single use, expires, and dies after too many wrong codes', async () => {
      const { secret, session } = await enrolled();
      const email = session.user.email;

      const used = await challengeFor(email);
      expect((await answer(used, await codeAt(secret))).statusCode).toBe(200);
      const again = await answer(used, await codeAt(secret, 1));
      expect(again.statusCode).toBe(401);
      expect(again.json().code).toBe('SIGN_IN_EXPIRED');

      const stale = await challengeFor(email);
      await ctx.app.db
        .updateTable('login_challenges')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', session.user.id)
        .where('used_at', 'is', null)
        .execute();
      expect((await answer(stale, await codeAt(secret, 1))).json().code).toBe('SIGN_IN_EXPIRED');

      const guessed = await challengeFor(email);
      const right = await codeAt(secret, 1);
      const wrongCode = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < MAX_CHALLENGE_FAILURES; i += 1) {
        expect((await answer(guessed, wrongCode)).json().code).toBe('INVALID_CREDENTIALS');
      }
      expect((await answer(guessed, right)).json().code).toBe('SIGN_IN_EXPIRED');
      expect((await answer('not-a-challenge', right)).json().code).toBe('SIGN_IN_EXPIRED');
      // Ten answers a minute from one address, whatever the challenge.
      const fresh = await challengeFor(email);
      expect((await answer(fresh, right)).statusCode).toBe(429);
      // A fresh sign-in (password first) from elsewhere still gets in with that code.
      remoteAddress = '203.0.113.7';
      expect((await answer(await challengeFor(email), right)).statusCode).toBe(200);
    });

    it('turns off only with the password and a code, and tells the owner', async () => {
      const { secret, recoveryCodes, session } = await enrolled();
      const disable = (body: Record<string, string>) =>
        request(session, 'POST', '/api/user/2fa/disable', body);

      const badPassword = await disable({ password: 'not the password', code: await codeAt(secret) });
      expect(badPassword.statusCode).toBe(400);
      expect(badPassword.json().fields).toEqual({ password: 'Incorrect password' });
      const badCode = await disable({ password: TEST_PASSWORD, code: 'aaaaa-aaaaa' });
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().fields).toEqual({ code: 'Incorrect code' });
      expect((await disable({ password: TEST_PASSWORD, code: '' })).statusCode).toBe(400);
      expect((await request(session, 'GET', '/api/user/2fa')).json().enabled).toBe(true);

      expect((await disable({ password: TEST_PASSWORD, code: recoveryCodes[3]! })).statusCode).toBe(204);
      expect((await request(session, 'GET', '/api/user/2fa')).json()).toEqual({
        enabled: false,
        recoveryCodesLeft: 0,
      });
      expect(await titles(session)).toContain('Two-factor authentication off');
      expect((await login(session.user.email)).json()).toHaveProperty('user');
      expect((await disable({ password: TEST_PASSWORD, code: await codeAt(secret) })).statusCode).toBe(409);
    });

    it('is not for a demo account, nor for anyone signed out', async () => {
      const demo = await startDemo(ctx.app);
      expect((await request(demo, 'POST', '/api/user/2fa/setup')).statusCode).toBe(403);
      expect(
        (await request(demo, 'POST', '/api/user/2fa/enable', { code: '123456', password: 'anything' }))
          .statusCode,
      ).toBe(403);
      for (const [method, url] of [
        ['GET', '/api/user/2fa'],
        ['POST', '/api/user/2fa/setup'],
        ['GET', '/api/user/security-settings'],
      ] as const) {
        expect((await request(null, method, url)).statusCode).toBe(401);
      }
    });

    it('sends no new-browser alert when sign-in alerts are off', async () => {
      const session = await signUp(ctx.app);
      const alerts = async () =>
        (await titles(session)).filter((title) => title === 'New sign-in to your account').length;
      expect((await request(session, 'GET', '/api/user/security-settings')).json()).toEqual({
        loginAlerts: true,
      });
      const off = await request(session, 'PUT', '/api/user/security-settings', {
        loginAlerts: false,
        password: TEST_PASSWORD,
      });
      expect(off.json()).toEqual({ loginAlerts: false });
      // No device cookie: a browser the account has not used.
      expect((await login(session.user.email)).statusCode).toBe(200);
      expect(await alerts()).toBe(0);

      await request(session, 'PUT', '/api/user/security-settings', { loginAlerts: true });
      expect((await login(session.user.email)).statusCode).toBe(200);
      expect(await alerts()).toBe(1);
      expect(
        (await request(session, 'PUT', '/api/user/security-settings', { loginAlerts: 'no' })).statusCode,
      ).toBe(400);
    });
  },
  // A configured key: on PostgreSQL the key file would otherwise land in ./data (lib/secret-box.test.ts
  // covers the file).
  { TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('hex') },
);
