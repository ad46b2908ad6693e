import { expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  operatorHeaders,
  request,
  sandboxVerificationToken,
  signUp,
  startDemo,
  verifyEmail,
  type Session,
} from '../../test/http';
import { describeEachDatabase, type TestContext } from '../../test/test-app';

const mailTo = (ctx: TestContext, address: string) =>
  ctx.app.db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'body', 'action_url', 'status'])
    .where('to_address', '=', address)
    .orderBy('created_at')
    .execute();

const statusOf = async (ctx: TestContext, session: Session) =>
  (await request(ctx.app, session, 'GET', '/api/auth/verification')).json();

const confirm = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

describeEachDatabase('email verification', (ctx) => {
  it('mails a new account a single-use link and shows it in the sandbox until it is opened', async () => {
    const ada = await signUp(ctx.app, undefined, { verified: false });
    expect(ada.user).toMatchObject({ emailVerified: false });
    const [mail, ...more] = await mailTo(ctx, ada.user.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'verify-email', status: 'stored' });
    expect(mail!.body).toContain(mail!.action_url);
    expect(mail!.action_url).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=[\w-]{22}$/);

    const before = await statusOf(ctx, ada);
    expect(before).toEqual({
      email: ada.user.email,
      verified: false,
      pendingEmail: null,
      sandboxLink: mail!.action_url,
    });

    const token = new URL(mail!.action_url!).searchParams.get('token')!;
    const opened = await confirm(ctx, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ email: ada.user.email, deliveredPayments: 0 });
    expect(await statusOf(ctx, ada)).toEqual({
      email: ada.user.email,
      verified: true,
      pendingEmail: null,
      sandboxLink: null,
    });
    expect((await request(ctx.app, ada, 'GET', '/api/auth/me')).json().user.emailVerified).toBe(true);

    const again = await confirm(ctx, token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/expired or was already used/);
  });

  it('refuses unknown, malformed and expired links', async () => {
    expect((await confirm(ctx, 'A'.repeat(22))).statusCode).toBe(422);
    expect((await confirm(ctx, 'not a token!')).statusCode).toBe(400);
    const bob = await signUp(ctx.app, undefined, { verified: false });
    const token = await sandboxVerificationToken(ctx.app, bob);
    await ctx.app.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', bob.user.id)
      .execute();
    expect((await confirm(ctx, token)).statusCode).toBe(422);
    expect((await statusOf(ctx, bob)).verified).toBe(false);
  });

  it('sends a new link on request, and the old one stops working', async () => {
    const cy = await signUp(ctx.app, undefined, { verified: false });
    const first = await sandboxVerificationToken(ctx.app, cy);
    const resent = await request(ctx.app, cy, 'POST', '/api/auth/verify-email/resend');
    expect(resent.statusCode).toBe(204);
    const second = await sandboxVerificationToken(ctx.app, cy);
    expect(second).not.toBe(first);
    expect((await confirm(ctx, first)).statusCode).toBe(422);
    expect((await confirm(ctx, second)).statusCode).toBe(200);
    const done = await request(ctx.app, cy, 'POST', '/api/auth/verify-email/resend');
    expect(done.statusCode).toBe(409);
  });

  it('changes the email only with the password and once the new address confirms; the old one is told', async () => {
    const dee = await signUp(ctx.app);
    const next = `dee-${crypto.randomUUID()}@example.com`;
    const noPassword = await request(ctx.app, dee, 'PATCH', '/api/user', { email: next });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toHaveProperty('currentPassword');
    const wrong = await request(ctx.app, dee, 'PATCH', '/api/user', { email: next, currentPassword: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(await mailTo(ctx, next)).toEqual([]);

    const asked = await request(ctx.app, dee, 'PATCH', '/api/user', {
      email: next,
      currentPassword: TEST_PASSWORD,
      firstName: 'Dee',
    });
    expect(asked.statusCode).toBe(200);
    // Still the old address (and verified), with the new one pending.
    expect(asked.json()).toMatchObject({ email: dee.user.email, firstName: 'Dee', emailVerified: true });
    expect(await statusOf(ctx, dee)).toMatchObject({
      email: dee.user.email,
      verified: true,
      pendingEmail: next,
    });
    const [link] = await mailTo(ctx, next);
    expect(link).toMatchObject({ kind: 'verify-email' });

    const opened = await confirm(ctx, new URL(link!.action_url!).searchParams.get('token')!);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().email).toBe(next);
    expect(await statusOf(ctx, dee)).toMatchObject({ email: next, verified: true, pendingEmail: null });
    const notice = (await mailTo(ctx, dee.user.email)).find((mail) => mail.kind === 'email-changed');
    expect(notice?.body).toContain(next);

    // The new address signs in; the old one no longer does.
    const login = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(dee.user.email)).statusCode).toBe(401);
  });

  it('refuses an address another account has, even after the link was sent', async () => {
    const eve = await signUp(ctx.app);
    const wanted = `wanted-${crypto.randomUUID()}@example.com`;
    const asked = await request(ctx.app, eve, 'PATCH', '/api/user', {
      email: wanted,
      currentPassword: TEST_PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    const token = await sandboxVerificationToken(ctx.app, eve);
    await signUp(ctx.app, wanted);
    expect((await confirm(ctx, token)).statusCode).toBe(409);
    expect((await statusOf(ctx, eve)).email).toBe(eve.user.email);
  });

  it('starts demos verified, and a demo keeps its address', async () => {
    const demo = await startDemo(ctx.app);
    expect(demo.user).toMatchObject({ isDemo: true, emailVerified: true });
    expect(await mailTo(ctx, demo.user.email)).toEqual([]);
    const change = await request(ctx.app, demo, 'PATCH', '/api/user', {
      email: `mine-${crypto.randomUUID()}@example.com`,
      currentPassword: 'whatever',
    });
    expect(change.statusCode).toBe(403);
  });

  it('reports the outbox-only mailer to an operator, and to nobody else (it names the mail server)', async () => {
    const hal = await signUp(ctx.app);
    expect((await request(ctx.app, hal, 'GET', '/api/system/mail')).statusCode).toBe(403);
    expect((await request(ctx.app, null, 'GET', '/api/system/mail')).statusCode).toBe(401);
    const status = await request(ctx.app, null, 'GET', '/api/system/mail', undefined, operatorHeaders);
    expect(status.json()).toMatchObject({ status: 'ok', mode: 'outbox', pending: 0 });
    expect(status.json().detail).toMatch(/No mail server is configured/);
  });

  it('needs a session to see or resend, but not to open a link', async () => {
    expect((await request(ctx.app, null, 'GET', '/api/auth/verification')).statusCode).toBe(401);
    expect((await request(ctx.app, null, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(401);
    const fay = await signUp(ctx.app, undefined, { verified: false });
    expect((await verifyEmail(ctx.app, fay)).email).toBe(fay.user.email);
  });
});

describeEachDatabase(
  'email verification with a mail server configured',
  (ctx) => {
    it('does not show the link in the app: it goes by mail only', async () => {
      const gil = await signUp(ctx.app, undefined, { verified: false });
      expect(await statusOf(ctx, gil)).toMatchObject({ verified: false, sandboxLink: null });
      const [mail] = await mailTo(ctx, gil.user.email);
      expect(mail).toMatchObject({ kind: 'verify-email', status: 'pending' });
    });
  },
  // Nothing listens there; these tests never deliver.
  { SMTP_URL: 'smtp://127.0.0.1:9' },
);
