import { randomUUID } from 'node:crypto';
import type { MailTransport, OutgoingMail } from '../modules/mail/mail-transport';
import { createMailer, type MailMessage, type Mailer } from '../modules/mail/mailer';
import type { TestContext } from './test-app';

/** Test-side helpers for the mail outbox: a mail server that can be down, and mailers of other "processes". */

/** A mail server stand-in: keeps what it is sent, or refuses everything while `down`. */
export function standInMailServer() {
  const sent: OutgoingMail[] = [];
  const server = {
    sent,
    down: false,
    transport: {
      description: 'Stand-in mail server',
      async send(mail: OutgoingMail) {
        if (server.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        sent.push(mail);
      },
      async check() {},
      close() {},
    } satisfies MailTransport,
  };
  return server;
}

/** A clock a test moves by hand. */
export function handClock(start = Date.now()) {
  let at = start;
  return { now: () => new Date(at), set: (ms: number) => void (at = ms), read: () => at };
}

/** A mailer of its own, as another app process would have, with its transport and (optionally) its clock. */
export const mailerOf = (ctx: TestContext, transport: MailTransport, now?: () => Date): Mailer =>
  createMailer({
    db: ctx.app.db,
    config: ctx.config,
    log: ctx.app.log,
    notifier: ctx.app.notifier,
    transport,
    ...(now && { now }),
  });

/** Writes `message` to the outbox through `mailer` and answers its row id. */
export async function enqueueMail(ctx: TestContext, mailer: Mailer, message: Partial<MailMessage> = {}) {
  const to = message.to ?? `someone-${randomUUID()}@example.com`;
  // A subject of its own finds the row again, whatever else the address was sent.
  const subject = `${message.subject ?? 'Hello'} [${randomUUID()}]`;
  await ctx.app.db
    .transaction()
    .execute((trx) => mailer.enqueue(trx, { kind: 'test', text: 'Hello', ...message, to, subject }));
  const row = await ctx.app.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const outboxRow = (ctx: TestContext, id: string) =>
  ctx.app.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The notifications `userId` was given with `title`. */
export const noticesOf = (ctx: TestContext, userId: string, title: string) =>
  ctx.app.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('title', '=', title)
    .execute();
