import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceEmailPreview } from '@contract/invoices';
import type { Notification } from '@contract/notifications';
import { request, signUp } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { pdfText } from '../../test/pdf-text';
import { attachmentsIn, linkIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, dialectsUnderTest, type TestContext } from '../../test/test-app';
import { MAIL_MAX_ATTEMPTS } from '../mail/mail-retry';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

for (const dialect of dialectsUnderTest()) {
  describe(`invoice email through a real SMTP server [${dialect}]`, () => {
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

    /** An owner whose address is verified by the link that was mailed (no sandbox link with a mail server). */
    async function verifiedOwner() {
      const owner = await signUp(ctx.app, undefined, { verified: false });
      const welcome = await smtp.waitFor(owner.user.email);
      const token = new URL(linkIn(welcome)).searchParams.get('token');
      await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      return owner;
    }

    it('mails the client the pay link with the invoice PDF attached, and the invoice says it was emailed', async () => {
      const ada = await signUp(ctx.app, undefined, { verified: false });
      // With a mail server there is no sandbox link on screen: follow the one that was mailed.
      const welcome = await smtp.waitFor(ada.user.email);
      const token = new URL(linkIn(welcome)).searchParams.get('token');
      await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

      const draft = (await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody())).json() as Invoice;
      // Before sending, the owner reads the email the client will get (and nobody else can).
      const previewed = await request(ctx.app, ada, 'GET', `/api/invoices/${draft.id}/email-preview`);
      expect(previewed.statusCode).toBe(200);
      const preview = previewed.json() as InvoiceEmailPreview;
      expect(preview).toMatchObject({ to: 'billing@acme.example', willEmail: true });
      const stranger = await signUp(ctx.app, undefined, { verified: false });
      const peeked = await request(ctx.app, stranger, 'GET', `/api/invoices/${draft.id}/email-preview`);
      expect(peeked.statusCode).toBe(404);
      const sent = (
        await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' })
      ).json() as Invoice;
      expect(sent.payUrl).toMatch(/^https:\/\/bank\.example\.com\/pay\//);

      const mail = await smtp.waitFor('billing@acme.example');
      expect(mail.subject).toMatch(
        new RegExp(`^Invoice ${sent.invoiceNumber} from ${ada.user.email}: \\$1,155\\.00 due`),
      );
      expect(mail.raw.replace(/=\r\n/g, '')).toContain(sent.payUrl!);
      // The preview was that very email: one template, rendered for both.
      expect(mail.subject).toBe(preview.subject);
      expect(mail.text.replace(/\r\n/g, '\n').trim()).toBe(preview.text.trim());
      const [pdf] = attachmentsIn(mail, 'application/pdf');
      expect(pdf?.filename).toBe(`${sent.invoiceNumber}.pdf`);
      const text = await pdfText(pdf!.content);
      expect(text).toContain(sent.invoiceNumber);
      expect(text).toContain('Acme Studio');
      expect(text).toContain('$1,155.00');

      await expect
        .poll(
          async () =>
            ((await request(ctx.app, ada, 'GET', `/api/invoices/${sent.id}`)).json() as Invoice).email
              ?.status,
          { timeout: 5_000 },
        )
        .toBe('sent');
    });

    it('says when the email could not be delivered, tells the owner, and Send again delivers it', async () => {
      const ada = await verifiedOwner();
      const stranger = await verifiedOwner();
      const draft = (await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody())).json() as Invoice;
      const emailOf = async () =>
        ((await request(ctx.app, ada, 'GET', `/api/invoices/${draft.id}`)).json() as Invoice).email;

      // The mail server goes away; the invoice is sent, and its first attempt fails.
      const port = smtp.port;
      await smtp.close();
      await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' });
      const mailOf = () =>
        ctx.app.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('ref', '=', `invoice:${draft.id}`)
          .executeTakeFirstOrThrow();
      await expect
        .poll(async () => (await mailOf()).last_error, { timeout: 5_000 })
        .toEqual(expect.any(String));
      expect((await emailOf())?.status).toBe('pending');
      // Nothing is sent again while the mail is still being tried.
      const early = await request(ctx.app, ada, 'POST', `/api/invoices/${draft.id}/resend`);
      expect(early.statusCode).toBe(409);

      // Its last attempt (the day of retries is mail-retry.test.ts's), due now, fails too.
      await ctx.app.db
        .updateTable('mail_outbox')
        .set({ attempts: MAIL_MAX_ATTEMPTS - 1, next_attempt_at: new Date(Date.now() - 1_000).toISOString() })
        .where('id', '=', (await mailOf()).id)
        .execute();
      await ctx.app.mail.deliverDue();
      expect(await emailOf()).toMatchObject({ status: 'failed', to: 'billing@acme.example' });
      const notices = (await request(ctx.app, ada, 'GET', '/api/notifications')).json() as Notification[];
      expect(notices.find((notice) => notice.title === 'Email not delivered')).toMatchObject({
        message: expect.stringContaining('to billing@acme.example could not be delivered'),
        actionUrl: `/invoices?invoice=${draft.id}`,
      });

      // Nobody else sends it again: another user's invoice is not found.
      const peeked = await request(ctx.app, stranger, 'POST', `/api/invoices/${draft.id}/resend`);
      expect(peeked.statusCode).toBe(404);

      // The mail server is back: Send again.
      smtp = await startSmtpServer({ port });
      const resent = await request(ctx.app, ada, 'POST', `/api/invoices/${draft.id}/resend`);
      expect(resent.statusCode).toBe(200);
      expect((resent.json() as Invoice).email?.status).toBe('pending');
      const mail = await smtp.waitFor('billing@acme.example');
      expect(attachmentsIn(mail, 'application/pdf')).toHaveLength(1);
      await expect.poll(async () => (await emailOf())?.status, { timeout: 5_000 }).toBe('sent');
      expect((await request(ctx.app, ada, 'POST', `/api/invoices/${draft.id}/resend`)).statusCode).toBe(409);
    });
  });
}
