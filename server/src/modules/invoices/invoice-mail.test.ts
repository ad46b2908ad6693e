import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceEmailPreview } from '@contract/invoices';
import { request, signUp } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { pdfText } from '../../test/pdf-text';
import { attachmentsIn, linkIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, dialectsUnderTest, type TestContext } from '../../test/test-app';

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
  });
}
