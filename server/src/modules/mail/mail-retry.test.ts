import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/http';
import { enqueueMail, handClock, mailerOf, noticesOf, outboxRow, standInMailServer } from '../../test/mail';
import { startSmtpServer } from '../../test/smtp';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS, mailRetryDelayMs } from './mail-retry';
import { smtpTransport } from './mail-transport';
import type { Mailer } from './mailer';

const HOUR_MS = 3_600_000;

describe('the mail retry schedule', () => {
  it('retries quickly at first, never waits more than two hours, and keeps at it for more than a day', () => {
    expect(MAIL_RETRY_DELAYS_MS[0]).toBe(30_000);
    expect(Math.max(...MAIL_RETRY_DELAYS_MS)).toBe(2 * HOUR_MS);
    const total = MAIL_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(24 * HOUR_MS);
    // Not a day of two-hour waits past the day it needs.
    expect(total - MAIL_RETRY_DELAYS_MS.at(-1)!).toBeLessThan(24 * HOUR_MS);
    expect(mailRetryDelayMs(MAIL_MAX_ATTEMPTS - 1)).toBe(MAIL_RETRY_DELAYS_MS.at(-1));
    expect(mailRetryDelayMs(MAIL_MAX_ATTEMPTS)).toBeNull();
  });
});

/**
 * Moves the clock to the message's next attempt and delivers, again and again, while it is pending and its
 * next attempt is before `untilMs`. Every step must find the message due: no step may wait on the wall clock.
 */
async function runSchedule(
  ctx: TestContext,
  mailer: Mailer,
  clock: ReturnType<typeof handClock>,
  id: string,
  untilMs = Infinity,
) {
  for (;;) {
    const row = await outboxRow(ctx, id);
    const due = Date.parse(row.next_attempt_at);
    if (row.status !== 'pending' || due > untilMs) return row;
    clock.set(Math.max(due, clock.read()));
    expect(await mailer.deliverDue()).toBeGreaterThanOrEqual(1);
  }
}

describeEachDatabase('mail retried over a day', (ctx) => {
  it('rides out two hours without a mail server and delivers when it is back', async () => {
    let smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    const clock = handClock();
    const start = clock.read();
    const mailer = mailerOf(ctx, smtpTransport(`smtp://127.0.0.1:${port}`), clock.now);
    try {
      const id = await enqueueMail(ctx, mailer, { to: 'outage@example.com', subject: 'Your invoice' });
      const during = await runSchedule(ctx, mailer, clock, id, start + 2 * HOUR_MS);
      expect(during).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/ECONNREFUSED/) });
      expect(Number(during.attempts)).toBeGreaterThan(5);

      smtp = await startSmtpServer({ port });
      const after = await runSchedule(ctx, mailer, clock, id);
      expect(after).toMatchObject({ status: 'sent', last_error: null });
      expect((await smtp.waitFor('outage@example.com')).subject).toMatch(/^Your invoice/);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('fails a message after the whole schedule, a day on, and tells the account it was sent for', async () => {
    const ada = await signUp(ctx.app);
    const bea = await signUp(ctx.app);
    const server = standInMailServer();
    server.down = true;
    const clock = handClock();
    const start = clock.read();
    const mailer = mailerOf(ctx, server.transport, clock.now);
    // Mail to a client, sent for Ada; and mail to Bea's own address.
    const forAda = await enqueueMail(ctx, mailer, { subject: 'Invoice 7', onBehalfOf: ada.user.id });
    const toBea = await enqueueMail(ctx, mailer, { to: bea.user.email, subject: 'Hi', userId: bea.user.id });

    const lastBefore = await runSchedule(ctx, mailer, clock, forAda, start + 24 * HOUR_MS);
    expect(lastBefore.status).toBe('pending');
    expect(await noticesOf(ctx, ada.user.id, 'Email not delivered')).toHaveLength(0);

    for (const id of [forAda, toBea]) {
      const failed = await runSchedule(ctx, mailer, clock, id);
      expect(failed).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/ECONNREFUSED/) });
      expect(Number(failed.attempts)).toBe(MAIL_MAX_ATTEMPTS);
      expect(Date.parse(failed.failed_at!) - start).toBeGreaterThanOrEqual(24 * HOUR_MS);
    }
    const [told] = await noticesOf(ctx, ada.user.id, 'Email not delivered');
    expect(told?.message).toMatch(/“Invoice 7 \[.*\]” to someone-.*@example\.com could not be delivered/);
    expect(await noticesOf(ctx, bea.user.id, 'Email not delivered')).toHaveLength(1);
    expect(server.sent).toHaveLength(0);
  });
});
