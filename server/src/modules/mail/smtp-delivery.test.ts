import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorHeaders, signUp } from '../../test/http';
import { linkIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, dialectsUnderTest, type TestContext } from '../../test/test-app';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

for (const dialect of dialectsUnderTest()) {
  describe(`mail through a real SMTP server [${dialect}]`, () => {
    let smtp: Smtp;
    let ctx: TestContext & { close(): Promise<void> };
    beforeAll(async () => {
      smtp = await startSmtpServer();
      ctx = await createTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://bank.example.com' });
    });
    afterAll(async () => {
      await ctx?.close();
      await smtp?.close();
    });

    it('mails the verification link on sign-up, and following it verifies the address', async () => {
      const ada = await signUp(ctx.app, undefined, { verified: false });
      const mail = await smtp.waitFor(ada.user.email);
      expect(mail.subject).toBe('Confirm your email address for Meridian');
      const link = new URL(linkIn(mail));
      expect(link.origin).toBe('https://bank.example.com');
      expect(link.pathname).toBe('/verify-email');

      const opened = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: link.searchParams.get('token') },
      });
      expect(opened.statusCode).toBe(200);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: ada.cookie },
      });
      expect(me.json().user.emailVerified).toBe(true);
      const row = await ctx.app.db
        .selectFrom('mail_outbox')
        .select(['status', 'sent_at', 'attempts'])
        .where('to_address', '=', ada.user.email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
      expect(Number(row.attempts)).toBe(1);
      expect((await ctx.app.mail.status()).ok).toBe(true);
    });

    it('keeps mail while the server is down and delivers it when it is back', async () => {
      await smtp.close();
      const bob = await signUp(ctx.app, undefined, { verified: false });
      // Wait for the attempt that fails (kick runs it right after the sign-up).
      const outboxRow = () =>
        ctx.app.db
          .selectFrom('mail_outbox')
          .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
          .where('to_address', '=', bob.user.email)
          .executeTakeFirstOrThrow();
      await expect
        .poll(async () => (await outboxRow()).last_error, { timeout: 5_000 })
        .toEqual(expect.any(String));
      const row = await outboxRow();
      expect(row).toMatchObject({ status: 'pending', last_error: expect.any(String) });
      expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now());
      const status = await ctx.app.inject({
        method: 'GET',
        url: '/api/system/mail',
        headers: operatorHeaders,
      });
      expect(status.json()).toMatchObject({ status: 'unavailable', mode: 'smtp', pending: 1 });

      smtp = await startSmtpServer({ port: smtp.port });
      await ctx.app.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('to_address', '=', bob.user.email)
        .execute();
      expect(await ctx.app.mail.deliverDue()).toBe(1);
      expect((await smtp.waitFor(bob.user.email)).subject).toBe('Confirm your email address for Meridian');
    });
  });
}
