import { randomBytes, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessionCookieFrom, signUp, TEST_PASSWORD, type Session } from '../../test/http';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { createSecretBox } from '../../lib/secret-box';
import type { AppError } from '../../lib/errors';
import { createAuthService, type AuthService } from './auth.service';
import { createPasswordCheck } from './password-check';
import { MAX_CHALLENGE_FAILURES } from './two-factor-codes';
import { createTwoFactorService } from './two-factor.service';

const TWO_FACTOR_ENCRYPTION_KEY = randomBytes(32).toString('hex');

/** The code the authenticator app shows `steps` time steps (30 s each) from `at`. */
const codeAt = (secret: string, steps = 0, at = new Date()) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) + steps * 30 });
/** A code that is none of the three the server accepts around `at`. */
const wrongCodeFor = async (secret: string, at = new Date()) => {
  const accepted = await Promise.all([-1, 0, 1].map((steps) => codeAt(secret, steps, at)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code))!;
};

/** The sign-in services on the test app's database, on a clock the test moves. */
function servicesAt(ctx: TestContext, now: () => Date) {
  const { db } = ctx.app;
  const checkPassword = createPasswordCheck({ db, config: ctx.config, now });
  const twoFactor = createTwoFactorService({
    db,
    config: ctx.config,
    box: createSecretBox(Buffer.from(TWO_FACTOR_ENCRYPTION_KEY, 'hex')),
    checkPassword,
    notify: (trx, userId, notice) => ctx.app.notifier.raise(trx, userId, notice),
    now,
  });
  const mailer = ctx.app.mail;
  return {
    auth: createAuthService({ db, config: ctx.config, twoFactor, checkPassword, now, mailer }),
    twoFactor,
  };
}

// Every request comes from an address of its own: the per-address route limits are not what is tested here.
let lastAddress = 0;
const freshAddress = () => {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

describeEachDatabase(
  'two-factor codes cannot be raced or ground down',
  (ctx) => {
    const login = (body: Record<string, string>, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: freshAddress(),
        payload: body,
        ...(cookie && { headers: { cookie } }),
      });
    const answer = (challengeId: string, code: string, app = ctx.app, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login/2fa',
        remoteAddress: freshAddress(),
        payload: { challengeId, code },
        ...(cookie && { headers: { cookie } }),
      });
    const challengeFor = async (email: string, cookie?: string): Promise<string> => {
      const response = await login({ email, password: TEST_PASSWORD }, cookie);
      expect(response.json()).toMatchObject({ twoFactorRequired: true });
      return response.json().challengeId;
    };
    const wrongCodeNotices = async (session: Session) =>
      (
        (await ctx.app.inject({ url: '/api/notifications', headers: { cookie: session.cookie } })).json() as {
          title: string;
          message: string;
        }[]
      ).filter((notice) => notice.title === 'Wrong two-factor codes');

    /** A new account with two-factor on, and the device cookie of the browser that registered it. */
    const enrolled = async () => {
      const email = `owner-${randomUUID()}@example.com`;
      const registered = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: freshAddress(),
        payload: { email, password: TEST_PASSWORD },
      });
      const session: Session = {
        cookie: sessionCookieFrom(registered.headers),
        user: registered.json().user,
      };
      const cookies = registered.headers['set-cookie'] as string[];
      const device = cookies.find((cookie) => cookie.startsWith('meridian_device='))!.split(';')[0]!;
      const post = (url: string, payload?: object) =>
        ctx.app.inject({
          method: 'POST',
          url,
          remoteAddress: freshAddress(),
          headers: { cookie: session.cookie },
          ...(payload && { payload }),
        });
      const { secret } = (await post('/api/user/2fa/setup')).json();
      // The code of now: still accepted if a new time step starts before the server looks.
      const enable = await post('/api/user/2fa/enable', {
        code: await codeAt(secret),
        password: TEST_PASSWORD,
      });
      expect(enable.statusCode, enable.body).toBe(200);
      return { email, session, device, secret: secret as string };
    };

    it(`judges at most ${MAX_CHALLENGE_FAILURES} of 60 simultaneous wrong codes on one sign-in`, async () => {
      const { email, secret, session } = await enrolled();
      const challenge = await challengeFor(email);
      const wrong = await wrongCodeFor(secret);
      // On PostgreSQL a second app on the same database, as a second process would be: the count is the
      // database's, not either process's.
      const other = ctx.dialect === 'postgres' ? await buildApp(ctx.config) : ctx.app;
      try {
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, index) => answer(challenge, wrong, index % 2 ? other : ctx.app)),
        );
        const codes = answers.map((response) => response.json().code as string);
        // Judged: a wrong code is INVALID_CREDENTIALS. Every other answer was turned away unchecked.
        expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(MAX_CHALLENGE_FAILURES);
        expect(codes.filter((code) => code === 'SIGN_IN_EXPIRED')).toHaveLength(60 - MAX_CHALLENGE_FAILURES);
      } finally {
        if (other !== ctx.app) await other.close();
      }
      // The challenge is spent: even the right code is not looked at.
      expect((await answer(challenge, await codeAt(secret))).json().code).toBe('SIGN_IN_EXPIRED');
      // Five wrong codes: the owner is told once.
      expect(await wrongCodeNotices(session)).toEqual([
        expect.objectContaining({ message: expect.stringContaining('5 wrong two-factor codes') }),
      ]);
    });

    it('caps wrong codes per account across fresh sign-ins, tells the owner, and spares known browsers', async () => {
      const { email, secret, session, device } = await enrolled();
      // Frozen after the enrolling code: the next step's code is the first one not yet spent.
      const clock = new Date();
      const { auth, twoFactor } = servicesAt(ctx, () => clock);
      const codeNow = () => codeAt(secret, 1, clock);
      const stranger = () => ({ ip: freshAddress(), userAgent: 'test' });
      const challenge = async (deviceToken?: string) => {
        const started = await auth.login({ email, password: TEST_PASSWORD }, { ...stranger(), deviceToken });
        return (started as { challengeId: string }).challengeId;
      };
      const guess = (challengeId: string, code: string, deviceToken?: string) =>
        auth.loginTwoFactor({ challengeId, code }, { ...stranger(), deviceToken });
      const wrong = await wrongCodeFor(secret, clock);
      // Two whole challenges of wrong codes use up the account's ten free ones (the password is right each
      // time, so the password's own count never grows).
      for (let attempt = 0; attempt < 2; attempt++) {
        const challengeId = await challenge();
        for (let tries = 0; tries < MAX_CHALLENGE_FAILURES; tries++) {
          await expect(guess(challengeId, wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
        }
      }
      // A fresh sign-in gets one more judged code (it starts the wait); then every code waits, the right one too.
      const fresh = await challenge();
      await expect(guess(fresh, wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
      const waiting = { code: 'RATE_LIMITED', options: { retryAfterSeconds: 1 } };
      await expect(guess(fresh, await codeNow())).rejects.toMatchObject(waiting);
      await expect(guess(await challenge(), await codeNow())).rejects.toMatchObject(waiting);
      // Turning two-factor off draws on the same allowance, password or not.
      await expect(
        twoFactor.disable(session.user.id, { password: TEST_PASSWORD, code: await codeNow() }),
      ).rejects.toMatchObject(waiting);

      // Told at 5 and at 10 wrong codes, not at each.
      const notices = await wrongCodeNotices(session);
      expect(notices.map((notice) => notice.message.split(' ')[0]).sort()).toEqual(['10', '5']);
      expect(notices[0]).toMatchObject({ type: 'security', category: 'warning' });

      // The owner's own browser is judged on its own count: it signs in with the right code.
      const deviceToken = device.split('=')[1]!;
      const known = await guess(await challenge(deviceToken), await codeNow(), deviceToken);
      expect(known.user.email).toBe(email);

      // The wait is a wait: once over, a fresh sign-in from elsewhere gets in with the right code. A wrong
      // one waits twice as long.
      clock.setTime(clock.getTime() + 1_000);
      await expect(guess(await challenge(), wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
      await expect(guess(await challenge(), wrong)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        options: { retryAfterSeconds: 2 },
      });
      // Past the wait, and a time step on (the owner's browser spent the last code).
      clock.setTime(clock.getTime() + 30_000);
      const later = await guess(await challenge(), await codeAt(secret, 1, clock));
      expect(later.user.email).toBe(email);
    });
  },
  { TWO_FACTOR_ENCRYPTION_KEY },
);

describeEachDatabase(
  'a right password and a right code pass the account-wide sign-in wait',
  (ctx) => {
    /** A verified address: the one-time sign-in link goes only to one. */
    const register = async () => {
      const session = await signUp(ctx.app, `owner-${randomUUID()}@example.com`);
      return { email: session.user.email, cookie: session.cookie, userId: session.user.id };
    };
    const stranger = () => ({ ip: freshAddress(), userAgent: 'test' });
    /** Failures from more addresses than the account-wide allowance (6): new browsers must wait. */
    const attackFromEverywhere = async (auth: AuthService, email: string) => {
      for (let attempt = 0; attempt <= 6; attempt++) {
        await expect(auth.login({ email, password: 'wrong password!' }, stranger())).rejects.toMatchObject({
          code: 'INVALID_CREDENTIALS',
        });
      }
      await expect(auth.login({ email, password: TEST_PASSWORD }, stranger())).rejects.toMatchObject({
        code: 'RATE_LIMITED',
      });
    };

    it('lets the owner in with both factors, and nothing less', async () => {
      const { email, cookie } = await register();
      const post = (url: string, payload?: object) =>
        ctx.app.inject({
          method: 'POST',
          url,
          remoteAddress: freshAddress(),
          headers: { cookie },
          ...(payload && { payload }),
        });
      const { secret } = (await post('/api/user/2fa/setup')).json();
      const enable = await post('/api/user/2fa/enable', {
        code: await codeAt(secret),
        password: TEST_PASSWORD,
      });
      expect(enable.statusCode, enable.body).toBe(200);
      const recoveryCodes: string[] = enable.json().recoveryCodes;
      const clock = new Date();
      const { auth } = servicesAt(ctx, () => clock);
      await attackFromEverywhere(auth, email);

      const right = await codeAt(secret, 1, clock);
      const wrong = await wrongCodeFor(secret, clock);
      // Wrong password with the right code, right password with a wrong code: the same 429 as no code at
      // all, so the wait says nothing about the password.
      for (const body of [
        { email, password: 'wrong password!', code: right },
        { email, password: TEST_PASSWORD, code: wrong },
        { email, password: TEST_PASSWORD },
      ]) {
        await expect(auth.login(body, stranger())).rejects.toMatchObject({
          code: 'RATE_LIMITED',
          options: { retryAfterSeconds: expect.any(Number) },
        });
      }

      const both = await auth.login({ email, password: TEST_PASSWORD, code: right }, stranger());
      expect(both).toMatchObject({ user: { email }, token: expect.any(String) });
      expect(await auth.authenticate((both as { token: string }).token)).not.toBeNull();
      // The code is spent: the same one again does not pass.
      await expect(
        auth.login({ email, password: TEST_PASSWORD, code: right }, stranger()),
      ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      // Over HTTP too (on the real clock, so with a recovery code): it rides along with the password.
      const overHttp = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: freshAddress(),
        payload: { email, password: TEST_PASSWORD, code: recoveryCodes[0] },
      });
      expect(overHttp.statusCode).toBe(200);
      expect(overHttp.json().user.email).toBe(email);
    });

    it('mails an account without two-factor a one-time sign-in link for a right password, and nothing else', async () => {
      const { email, userId } = await register();
      const links = () =>
        ctx.app.db
          .selectFrom('mail_outbox')
          .select(['to_address', 'action_url', 'body'])
          .where('user_id', '=', userId)
          .where('kind', '=', 'sign-in-link')
          .execute();
      const clock = new Date();
      const { auth } = servicesAt(ctx, () => clock);
      await attackFromEverywhere(auth, email);
      expect(await links()).toHaveLength(1); // the right password above already asked for one
      // A wrong password gets the same answer as a right one, and no mail; a code passes nothing here.
      const answers = [];
      for (const body of [
        { email, password: 'wrong password!' },
        { email, password: TEST_PASSWORD, code: '123456' },
        { email, password: TEST_PASSWORD },
      ]) {
        answers.push(await auth.login(body, stranger()).catch((error: AppError) => error));
      }
      expect(
        new Set(answers.map((answer) => (answer as AppError).message.replace(/\d+ (s|min)/, '…'))).size,
      ).toBe(1);
      expect(answers.every((answer) => (answer as AppError).code === 'RATE_LIMITED')).toBe(true);
      // One link out at a time.
      const [mail] = await links();
      expect(await links()).toHaveLength(1);
      expect(mail!.to_address).toBe(email);
      const token = new URL(mail!.action_url!).searchParams.get('token')!;
      expect(mail!.body).toContain(mail!.action_url);
      expect(token).toMatch(/^[\w-]{22}$/); // 128 bits
      // Only its hash is kept.
      const stored = await ctx.app.db
        .selectFrom('sign_in_links')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.id).not.toContain(token);

      // Opened over HTTP: signed in, with a device cookie (a browser the attack no longer slows).
      const open = (withToken: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in-link',
          remoteAddress: freshAddress(),
          payload: { token: withToken },
        });
      const opened = await open(token);
      expect(opened.statusCode).toBe(200);
      expect(opened.json().user.email).toBe(email);
      expect(String(opened.headers['set-cookie'])).toContain('meridian_device=');
      const me = await ctx.app.inject({
        url: '/api/auth/me',
        headers: { cookie: sessionCookieFrom(opened.headers) },
      });
      expect(me.statusCode).toBe(200);
      // Single use; a made-up token is the same refusal.
      expect((await open(token)).json().code).toBe('SIGN_IN_EXPIRED');
      expect((await open('not-a-token')).json().code).toBe('SIGN_IN_EXPIRED');

      // A new link (the last one is used) dies after 15 minutes.
      await expect(auth.login({ email, password: TEST_PASSWORD }, stranger())).rejects.toMatchObject({
        code: 'RATE_LIMITED',
      });
      const newest = (await links()).map((each) => new URL(each.action_url!).searchParams.get('token')!);
      expect(newest).toHaveLength(2);
      clock.setTime(clock.getTime() + 15 * 60_000);
      await expect(
        auth.signInWithLink(
          newest.find((each) => each !== token)!,
          stranger(),
        ),
      ).rejects.toMatchObject({
        code: 'SIGN_IN_EXPIRED',
      });
    });
  },
  { TWO_FACTOR_ENCRYPTION_KEY, LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_SOURCES: 6 },
);
