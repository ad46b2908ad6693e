import { expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, ledgerSnapshot, sendUsd, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { runOverdueInvoices } from '../invoices/invoice-overdue';
import { createMailer, type MailMessage } from './mailer';

const PER_HOUR = 2;
const HOUR_MS = 3_600_000;

/** A mailer of its own (as another process would have) whose clock reads `at`. */
const mailerAt = (ctx: TestContext, at: string) =>
  createMailer({
    db: ctx.app.db,
    config: ctx.config,
    log: ctx.app.log,
    transport: null,
    now: () => new Date(at),
  });

const toStranger = (accountId: string): MailMessage => ({
  kind: 'test',
  to: `stranger-${crypto.randomUUID()}@example.com`,
  subject: 'Hello',
  text: 'Hello',
  onBehalfOf: accountId,
});

const enqueue = (ctx: TestContext, mailer: ReturnType<typeof createMailer>, message: MailMessage) =>
  ctx.app.db.transaction().execute((trx) => mailer.enqueue(trx, message));

const mailTo = (ctx: TestContext, address: string) =>
  ctx.app.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', address).execute();

/** The account has used this hour's allowance (the app's own mailer reads the wall clock). */
const useUpAllowance = (ctx: TestContext, session: Session) => {
  const windowStart = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS).toISOString();
  return ctx.app.db
    .insertInto('mail_quota')
    .values({ account_id: session.user.id, window_start: windowStart, sent: PER_HOUR })
    .execute();
};

describeEachDatabase(
  'mail to other people',
  (ctx) => {
    it('allows MAIL_TO_OTHERS_PER_HOUR an hour per account, counted in the database for every process', async () => {
      const ada = await signUp(ctx.app);
      const bea = await signUp(ctx.app);
      const first = mailerAt(ctx, '2026-05-04T10:15:00.000Z');
      const second = mailerAt(ctx, '2026-05-04T10:59:30.000Z');
      await enqueue(ctx, first, toStranger(ada.user.id));
      await enqueue(ctx, second, toStranger(ada.user.id));
      const refused = toStranger(ada.user.id);
      await expect(enqueue(ctx, second, refused)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        options: { retryAfterSeconds: 30 },
      });
      expect(await mailTo(ctx, refused.to)).toEqual([]);
      // Another account has its own allowance; the account's own mail is not counted.
      await enqueue(ctx, second, toStranger(bea.user.id));
      await enqueue(ctx, second, { ...toStranger(ada.user.id), to: ada.user.email, onBehalfOf: null });
      // The next hour starts the count again.
      const nextHour = mailerAt(ctx, '2026-05-04T11:00:00.000Z');
      await enqueue(ctx, nextHour, toStranger(ada.user.id));
      await enqueue(ctx, nextHour, toStranger(ada.user.id));
      await expect(enqueue(ctx, nextHour, toStranger(ada.user.id))).rejects.toMatchObject({
        code: 'RATE_LIMITED',
      });
    });

    it('lets exactly the allowance through when many transactions mail at once', async () => {
      const cy = await signUp(ctx.app);
      const tries = Array.from({ length: 8 }, (_, index) =>
        enqueue(ctx, mailerAt(ctx, `2026-05-04T12:00:0${index}.000Z`), toStranger(cy.user.id)),
      );
      const outcomes = await Promise.allSettled(tries);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(PER_HOUR);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'RATE_LIMITED' });
      }
    });

    it('sends nothing to a stranger for an unverified account', async () => {
      const unverified = await signUp(ctx.app, undefined, { verified: false });
      const message = toStranger(unverified.user.id);
      await expect(enqueue(ctx, mailerAt(ctx, '2026-05-04T10:00:00Z'), message)).rejects.toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
      });
      expect(await mailTo(ctx, message.to)).toEqual([]);
      const draft = (await request(ctx.app, unverified, 'POST', '/api/invoices', invoiceBody())).json();
      const sent = await request(ctx.app, unverified, 'PUT', `/api/invoices/${draft.id}/status`, {
        status: 'sent',
      });
      expect(sent.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect(await mailTo(ctx, 'billing@acme.example')).toEqual([]);
    });

    it('answers 429 with Retry-After to a request that would mail past the allowance, and changes nothing', async () => {
      const ada = await signUp(ctx.app);
      await fund(ctx.app.db, (await walletsOf(ctx.app, ada)).USD!.id, '100.00', 'USD');
      await useUpAllowance(ctx, ada);

      const draft = (await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody())).json() as Invoice;
      const send = await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' });
      expect(send.statusCode).toBe(429);
      expect(send.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(send.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(send.headers['retry-after'])).toBeLessThanOrEqual(3600);
      const after = (await request(ctx.app, ada, 'GET', `/api/invoices/${draft.id}`)).json() as Invoice;
      expect(after.status).toBe('draft');

      // A held payment mails its recipient: refused before any money moves.
      const before = await ledgerSnapshot(ctx.app.db);
      const stranger = `stranger-${crypto.randomUUID()}@example.com`;
      const held = await sendUsd(ctx.app, ada, stranger, '0.01');
      expect(held.statusCode).toBe(429);
      expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
      expect(await mailTo(ctx, stranger)).toEqual([]);
    });

    it('skips a reminder past the allowance and tells the owner', async () => {
      const ada = await signUp(ctx.app);
      const draft = (await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody())).json() as Invoice;
      await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' });
      await ctx.app.db
        .updateTable('invoices')
        .set({ due_date: '2026-03-01' })
        .where('id', '=', draft.id)
        .execute();
      // This mailer's clock reads an hour after the invoice's sending, so the allowance it uses up is fresh.
      const mailer = mailerAt(ctx, '2099-03-05T09:00:00Z');
      for (let i = 0; i < PER_HOUR; i++) await enqueue(ctx, mailer, toStranger(ada.user.id));

      await runOverdueInvoices({
        db: ctx.app.db,
        mailer,
        notifier: ctx.app.notifier,
        reminderDays: [1],
        payUrl: (token) => `http://localhost/pay/${token}`,
        now: () => new Date('2026-03-05T09:00:00Z'),
      });
      const reminders = await ctx.app.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('ref', '=', `invoice:${draft.id}`)
        .where('kind', '=', 'reminder')
        .execute();
      expect(reminders).toEqual([]);
      const invoice = await ctx.app.db
        .selectFrom('invoices')
        .select(['status', 'reminders_sent'])
        .where('id', '=', draft.id)
        .executeTakeFirstOrThrow();
      expect(invoice.status).toBe('overdue');
      expect(Number(invoice.reminders_sent)).toBe(1);
      const notices = (await request(ctx.app, ada, 'GET', '/api/notifications')).json() as {
        title: string;
        message: string;
      }[];
      expect(notices.find((notice) => notice.title === 'Reminder not sent')?.message).toMatch(
        /hourly limit of emails to other people/,
      );
    });
  },
  { MAIL_TO_OTHERS_PER_HOUR: PER_HOUR },
);
