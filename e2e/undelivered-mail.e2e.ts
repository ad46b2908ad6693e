import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS } from '../server/src/modules/mail/mail-retry';
import { linkIn, startSmtpServer } from '../server/src/test/smtp';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { sentInvoice } from './money-flows';
import { startAppServer, type AppServer } from './server';

/**
 * Email that could not be delivered: the owner sees it on the invoice and sends it again; an operator sees it
 * on System Status and retries it. This file runs its own server and mail server, so it can take the mail
 * server away. A day of retries is not waited for: the message is put on its last attempt in the database,
 * and the server's mail job makes that attempt (the schedule itself is the server tests').
 */

const OPERATOR_TOKEN = `e2e-operator-${randomUUID()}`;

let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: AppServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-mail-'));
  smtp = await startSmtpServer();
  server = await startAppServer({ dataDir, smtpUrl: smtp.url, env: { OPERATOR_TOKEN } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A statement on the server's own database (WAL: it reads and writes alongside the server). */
function onDatabase<T>(run: (db: Sqlite.Database) => T): T {
  const db = new Sqlite(join(dataDir, 'meridian.db'));
  db.pragma('busy_timeout = 5000');
  try {
    return run(db);
  } finally {
    db.close();
  }
}

const mailAbout = (invoiceId: string) =>
  onDatabase(
    (db) =>
      db
        .prepare('select id, status, last_error from mail_outbox where ref = ?')
        .get(`invoice:${invoiceId}`) as { id: string; status: string; last_error: string | null },
  );

async function verifiedOwner(page: Page, email: string) {
  await registerViaDialog(page, email);
  const mail = await smtp.waitFor(email, (each) => /Confirm your email address/.test(each.subject), 15_000);
  await page.goto(linkIn(mail));
  await page.getByText('Your email address is verified').waitFor();
}

/** Takes the mail server away until the returned function brings it back, on the same port. */
async function mailServerDown() {
  const { port } = smtp;
  await smtp.close();
  return async () => {
    smtp = await startSmtpServer({ port });
  };
}

describe.each(laptopAndPhone)('Undelivered email (%s)', (name, open) => {
  it('the invoice says its email could not be delivered, and Send again delivers it', async () => {
    const page = await open(browser, { baseURL: server.baseUrl });
    await verifiedOwner(page, uniqueEmail(`undelivered-${name}`));

    const backUp = await mailServerDown();
    const invoice = await sentInvoice(page, '400.00', {});
    await expect.poll(() => mailAbout(invoice.id).last_error, { timeout: 15_000 }).not.toBeNull();
    // A day of retries later: its last attempt is due now, and fails too.
    onDatabase((db) =>
      db
        .prepare('update mail_outbox set attempts = ?, next_attempt_at = ? where id = ?')
        .run(MAIL_MAX_ATTEMPTS - 1, new Date(Date.now() - 1_000).toISOString(), mailAbout(invoice.id).id),
    );
    await expect.poll(() => mailAbout(invoice.id).status, { timeout: 15_000 }).toBe('failed');

    // The owner's notice links to the invoice.
    const notices = (await (await page.request.get('/api/notifications')).json()) as Array<{
      title: string;
      actionUrl: string | null;
    }>;
    const notice = notices.find((each) => each.title === 'Email not delivered');
    expect(notice?.actionUrl).toBe(`/invoices?invoice=${invoice.id}`);
    await page.goto(notice!.actionUrl!);
    await waitForTitle(page, 'Invoices');
    const detail = page.getByRole('dialog', { name: new RegExp(invoice.invoiceNumber) });
    const status = detail.getByTestId('invoice-email');
    await expect.poll(() => status.textContent()).toMatch(/^The invoice to acme-.* could not be delivered/);
    await expectNoSeriousAxeViolations(page, `invoice with an undelivered email (${name})`);

    await backUp();
    await detail.getByRole('button', { name: 'Send again' }).click();
    await waitForToast(page, 'Email Queued');
    const { clientEmail } = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as {
      clientEmail: string;
    };
    const mail = await smtp.waitFor(
      clientEmail,
      (each) => each.subject.startsWith(`Invoice ${invoice.invoiceNumber}`),
      15_000,
    );
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/);
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Invoice emailed to/);
    await expect.poll(() => detail.getByRole('button', { name: 'Send again' }).count()).toBe(0);
    await page.context().close();
  });

  it('an operator sees undelivered email on System Status and retries it', async () => {
    const page = await open(browser, { baseURL: server.baseUrl });
    await registerViaDialog(page, uniqueEmail(`operator-${name}`));
    const to = uniqueEmail(`bounced-${name}`);
    const subject = `Your statement is ready ${randomUUID().slice(0, 8)}`;
    const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
    onDatabase((db) =>
      db
        .prepare(
          `insert into mail_outbox (id, kind, to_address, subject, body, status, attempts, next_attempt_at,
             last_error, created_at, failed_at)
           values (?, 'statement', ?, ?, 'Open https://bank.example/secret-link', 'failed', ?, ?, ?, ?, ?)`,
        )
        .run(randomUUID(), to, subject, MAIL_MAX_ATTEMPTS, at, '550 5.1.1 mailbox unavailable', at, at),
    );

    // A customer sees no such list.
    await page.goto('/system-status');
    await waitForTitle(page, 'System Status');
    await page.getByText(/^Details are for operators/).waitFor();
    expect(await page.getByText('Undelivered email').count()).toBe(0);

    // The operator's browser sends the token with System Status' calls (a header extension, a proxy).
    await page.route('**/api/system/**', (route) =>
      route.continue({
        headers: { ...route.request().headers(), authorization: `Bearer ${OPERATOR_TOKEN}` },
      }),
    );
    await page.reload();
    const list = page.getByRole('list', { name: 'Undelivered email' });
    const row = list.getByTestId('failed-mail').filter({ hasText: subject });
    await row.waitFor();
    const shown = await row.innerText();
    expect(shown).toContain(`To ${to}`);
    expect(shown).toContain(`${MAIL_MAX_ATTEMPTS} attempts`);
    expect(shown).toContain('550 5.1.1 mailbox unavailable');
    expect(await page.locator('main').innerText()).not.toContain('secret-link');
    await expectNoSeriousAxeViolations(page, `system status with undelivered email (${name})`);

    await row.getByRole('button', { name: `Retry the email to ${to}` }).click();
    await waitForToast(page, 'Email queued');
    await row.waitFor({ state: 'detached' });
    expect((await smtp.waitFor(to, undefined, 15_000)).subject).toBe(subject);
    await page.context().close();
  });
});
