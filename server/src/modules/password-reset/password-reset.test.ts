import { createHash } from 'node:crypto';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { PASSWORD_RESET_ACCEPTED } from '@contract/password-reset';
import { TEST_PASSWORD, request, sessionCookieFrom, signUp, type Session } from '../../test/http';
import { mailedToken, resetMails } from '../../test/password-reset';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { LINKS_PER_ADDRESS_PER_HOUR, createPasswordResetService } from './password-reset.service';

const NEW_PASSWORD = 'lantern orchard velvet';

const askReset = (ctx: TestContext, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
const confirm = (ctx: TestContext, token: string, password = NEW_PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
const login = (ctx: TestContext, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const isSignedIn = async (ctx: TestContext, session: Session) =>
  (await request(ctx.app, session, 'GET', '/api/auth/me')).statusCode === 200;

describeEachDatabase(
  'password reset',
  (ctx) => {
    it('answers the same for every address, and mails a link only to a verified one', async () => {
      const ada = await signUp(ctx.app);
      const unverified = await signUp(ctx.app, undefined, { verified: false });
      const answers = [];
      for (const email of [
        `nobody-${crypto.randomUUID()}@example.com`,
        unverified.user.email,
        ada.user.email,
      ]) {
        answers.push(await askReset(ctx, email));
      }
      for (const answer of answers) {
        expect(answer.statusCode).toBe(202);
        expect(answer.body).toBe(JSON.stringify({ message: PASSWORD_RESET_ACCEPTED }));
      }

      const token = await mailedToken(ctx, ada.user.email);
      expect(await resetMails(ctx, unverified.user.email)).toEqual([]);
      const unverifiedLinks = await ctx.app.db
        .selectFrom('password_resets')
        .select('id')
        .where('user_id', '=', unverified.user.id)
        .execute();
      expect(unverifiedLinks).toEqual([]);

      // The link and nothing else secret: a 128-bit token that is stored only as its hash.
      const [mail] = await resetMails(ctx, ada.user.email);
      expect(mail!.subject).toBe('Choose a new Meridian password');
      expect(mail!.action_url).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{22}$/);
      expect(mail!.body).toContain(mail!.action_url);
      expect(mail!.body.match(/https?:\/\/\S+/g)).toEqual([mail!.action_url]);
      const stored = await ctx.app.db.selectFrom('password_resets').selectAll().execute();
      const hash = createHash('sha256').update(token).digest('hex');
      expect(stored.filter((row) => row.user_id === ada.user.id)).toMatchObject([
        { id: hash, used_at: null },
      ]);
      expect(stored.some((row) => row.id === token)).toBe(false);
      const user = await ctx.app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', ada.user.id)
        .executeTakeFirstOrThrow();
      for (const secret of [hash, user.password_hash, ada.user.id]) expect(mail!.body).not.toContain(secret);
    });

    it('sets the new password once, ends every session, and tells the owner', async () => {
      const bea = await signUp(ctx.app);
      const other = await login(ctx, bea.user.email, TEST_PASSWORD);
      const laptop: Session = { cookie: sessionCookieFrom(other.headers), user: bea.user };
      await askReset(ctx, bea.user.email);
      const token = await mailedToken(ctx, bea.user.email);

      const weak = await confirm(ctx, token, '123456789012');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields.password).toMatch(/too easy to guess/);
      expect(await isSignedIn(ctx, bea)).toBe(true);

      expect((await confirm(ctx, token)).statusCode).toBe(204);
      expect(await isSignedIn(ctx, bea)).toBe(false);
      expect(await isSignedIn(ctx, laptop)).toBe(false);
      expect((await login(ctx, bea.user.email, TEST_PASSWORD)).statusCode).toBe(401);
      const signedIn = await login(ctx, bea.user.email, NEW_PASSWORD);
      expect(signedIn.statusCode).toBe(200);

      const again = await confirm(ctx, token, 'another fine passphrase');
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toMatch(/expired or was already used/);

      const done = (await resetMails(ctx, bea.user.email)).find((m) => m.kind === 'password-reset-done');
      expect(done?.subject).toBe('Your Meridian password was changed');
      expect(done?.body).not.toMatch(/https?:\/\//);
      const now: Session = { cookie: sessionCookieFrom(signedIn.headers), user: bea.user };
      const notices = (await request(ctx.app, now, 'GET', '/api/notifications')).json() as {
        title: string;
      }[];
      expect(notices.map((notice) => notice.title)).toContain('Password reset');
    });

    it('still asks for the second factor after a reset', async () => {
      const cy = await signUp(ctx.app);
      const { secret } = (await request(ctx.app, cy, 'POST', '/api/user/2fa/setup')).json();
      const epoch = Math.floor(Date.now() / 1000) - 30;
      const enabled = await request(ctx.app, cy, 'POST', '/api/user/2fa/enable', {
        code: await generate({ secret, epoch }),
        password: TEST_PASSWORD,
      });
      expect(enabled.statusCode).toBe(200);

      await askReset(ctx, cy.user.email);
      expect((await confirm(ctx, await mailedToken(ctx, cy.user.email))).statusCode).toBe(204);
      const signIn = await login(ctx, cy.user.email, NEW_PASSWORD);
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json()).toMatchObject({ twoFactorRequired: true });
      expect(String(signIn.headers['set-cookie'] ?? '')).not.toContain('meridian_session=');
    });

    it('refuses unknown and malformed links, and a link whose password was changed since', async () => {
      expect((await confirm(ctx, 'A'.repeat(22))).statusCode).toBe(422);
      expect((await confirm(ctx, 'not a token!')).statusCode).toBe(400);
      const dee = await signUp(ctx.app);
      await askReset(ctx, dee.user.email);
      const token = await mailedToken(ctx, dee.user.email);
      const changed = await request(ctx.app, dee, 'POST', '/api/user/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new passphrase',
      });
      expect(changed.statusCode).toBe(204);
      expect((await confirm(ctx, token)).statusCode).toBe(422);
    });

    it('expires a link after an hour and sends an address at most a few an hour (clock injected)', async () => {
      let clock = new Date('2026-11-01T12:00:00.000Z');
      const resets = createPasswordResetService({
        db: ctx.app.db,
        mailer: ctx.app.mail,
        notifier: ctx.app.notifier,
        auth: ctx.app.auth,
        log: ctx.app.log,
        now: () => clock,
      });
      const eve = await signUp(ctx.app);
      resets.request(eve.user.email);
      await resets.idle();
      const first = await mailedToken(ctx, eve.user.email);
      clock = new Date(clock.getTime() + 61 * 60_000);
      await expect(resets.confirm(first, NEW_PASSWORD)).rejects.toMatchObject({ code: 'BUSINESS_RULE' });

      for (let ask = 0; ask < LINKS_PER_ADDRESS_PER_HOUR + 2; ask++) resets.request(eve.user.email);
      await resets.idle();
      const newest = await mailedToken(ctx, eve.user.email, 1 + LINKS_PER_ADDRESS_PER_HOUR);
      clock = new Date(clock.getTime() + 59 * 60_000);
      await resets.confirm(newest, NEW_PASSWORD);
      expect((await login(ctx, eve.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  },
  { PASSWORD_RESETS_PER_MINUTE: 1000 },
);

describeEachDatabase(
  'password reset: requests per IP',
  (ctx) => {
    it('limits requests from one client, whatever the addresses', async () => {
      const codes = [];
      for (let ask = 0; ask < 3; ask++) codes.push((await askReset(ctx, `x${ask}@example.com`)).statusCode);
      expect(codes).toEqual([202, 202, 429]);
    });
  },
  { PASSWORD_RESETS_PER_MINUTE: 2 },
);
