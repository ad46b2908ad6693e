import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Job } from '../../jobs/scheduler';
import * as repo from './mail.repository';
import { smtpTransport, type MailAttachment, type MailTransport } from './mail-transport';

/** A message to write to the outbox; `kind` lets the app find it again (the sandbox's verification link). */
export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  userId?: string | null;
  actionUrl?: string | null;
  /** What the message is about, e.g. "invoice:<id>", so that thing can show its email's state. */
  ref?: string | null;
  /** A file to attach, rendered when the message is delivered by the renderer registered for its kind. */
  attachment?: AttachmentRef | null;
  /**
   * The account whose action mails someone else's address (an invoice's client, a payment's recipient). Such
   * mail leaves only from a verified account, and at most MAIL_TO_OTHERS_PER_HOUR an hour (enqueue refuses it).
   */
  onBehalfOf?: string | null;
}

/** Names an attachment without holding it: the outbox stays small and nothing sensitive is stored twice. */
export interface AttachmentRef {
  kind: string;
  id: string;
}

/** Makes the file for an attachment at delivery time (e.g. an invoice's PDF). */
export type AttachmentRenderer = (id: string) => Promise<MailAttachment>;

export interface MailStatus {
  mode: 'smtp' | 'outbox';
  description: string;
  ok: boolean;
  detail: string;
  pending: number;
  failed: number;
}

const BATCH = 20;
const HOUR_MS = 3_600_000;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;
/** 10 s, 20 s, 40 s … about 21 min before the last try: rides out a mail server restart. */
const retryDelayMs = (attempts: number) => 10_000 * 2 ** (attempts - 1);

export type Mailer = ReturnType<typeof createMailer>;

/**
 * Email through an outbox: `enqueue` writes the message in the caller's transaction, so mail is sent if and
 * only if what caused it committed (and a retried money transaction never mails twice). Delivery runs after
 * commit: `kick` after a request, and the mail job on a timer in every process; claims are leased, so
 * processes never send the same message twice at once.
 */
export function createMailer(deps: {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
  transport?: MailTransport | null;
  now?: () => Date;
}) {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const transport =
    deps.transport !== undefined ? deps.transport : config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null;
  const baseUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  let delivering: Promise<number> | null = null;
  let lookAgain = false;
  const renderers = new Map<string, AttachmentRenderer>();

  async function attachmentsOf(json: string | null): Promise<MailAttachment[]> {
    if (!json) return [];
    const ref = JSON.parse(json) as AttachmentRef;
    const render = renderers.get(ref.kind);
    if (!render) throw new Error(`No renderer for attachments of kind ${ref.kind}`);
    return [await render(ref.id)];
  }

  async function deliverBatch(): Promise<number> {
    if (!transport) return 0;
    const now = new Date();
    const claimed = await repo.claimDueMail(
      db,
      now.toISOString(),
      new Date(now.getTime() + LEASE_MS).toISOString(),
      BATCH,
    );
    for (const mail of claimed) {
      try {
        await transport.send({
          from: config.MAIL_FROM,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body,
          attachments: await attachmentsOf(mail.attachment),
        });
        await repo.markSent(db, mail.id, new Date().toISOString());
      } catch (error) {
        const attempts = Number(mail.attempts);
        const retryAt =
          attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(attempts)).toISOString();
        // The message only: an SMTP error can quote the server's reply but never our credentials.
        const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
        log.warn({ mailId: mail.id, attempts, giveUp: !retryAt }, 'mail delivery failed');
        await repo.markFailedAttempt(db, mail.id, { error: message, retryAt });
      }
    }
    return claimed.length;
  }

  /**
   * Sends everything due now (one run at a time per process). Returns how many messages were tried. A call
   * that arrives while a run is going asks it to look once more before it ends: the message that call is
   * about may have committed after the run last looked, and would otherwise wait for the next timer tick.
   */
  async function deliverDue(): Promise<number> {
    if (delivering) {
      lookAgain = true;
      return delivering;
    }
    delivering = (async () => {
      let tried = 0;
      do {
        lookAgain = false;
        for (let batch = await deliverBatch(); batch > 0; batch = await deliverBatch()) tried += batch;
      } while (lookAgain);
      return tried;
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  return {
    /** Whether mail leaves the building; without a transport it stays in the outbox. */
    delivers: transport !== null,

    /** An absolute link into the web app, for an email. */
    link(path: string): string {
      return new URL(path, baseUrl).toString();
    },

    /** Says how to render attachments of `kind` (a module registers its own at start-up). */
    registerAttachment(kind: string, render: AttachmentRenderer): void {
      renderers.set(kind, render);
    },

    /**
     * Writes the message into the outbox inside `trx`. Call `kick()` once the transaction has committed. Mail
     * `onBehalfOf` an account is refused (EMAIL_NOT_VERIFIED, RATE_LIMITED) before anything is written.
     */
    async enqueue(trx: Kysely<Database>, message: MailMessage): Promise<void> {
      if (message.onBehalfOf) await admitMailToOthers(trx, message.onBehalfOf, now(), config);
      const at = new Date().toISOString();
      await repo.insertMail(trx, {
        id: newId(),
        user_id: message.userId ?? null,
        kind: message.kind,
        to_address: message.to,
        subject: message.subject,
        body: message.text,
        action_url: message.actionUrl ?? null,
        ref: message.ref ?? null,
        attachment: message.attachment ? JSON.stringify(message.attachment) : null,
        status: transport ? 'pending' : 'stored',
        next_attempt_at: at,
        last_error: null,
        created_at: at,
        sent_at: null,
      });
    },

    /** Delivers what is due soon, without making the caller wait for the mail server. */
    kick(): void {
      if (!transport) return;
      setImmediate(() => {
        deliverDue().catch((error) => log.error({ err: error }, 'mail delivery run failed'));
      });
    },

    deliverDue,

    /** The newest message of `kind` for a user: the sandbox shows its link when no mail server is set. */
    latest: (userId: string, kind: string) => repo.latestMailOf(db, userId, kind),

    async status(): Promise<MailStatus> {
      const counts = await repo.countByStatus(db);
      const queue = { pending: counts.pending ?? 0, failed: counts.failed ?? 0 };
      if (!transport) {
        return {
          mode: 'outbox',
          description: 'Outbox only (no SMTP_URL)',
          ok: true,
          detail: 'No mail server is configured: messages are kept in the outbox and not delivered',
          ...queue,
        };
      }
      try {
        await transport.check();
        return { mode: 'smtp', description: transport.description, ok: true, detail: 'Connected', ...queue };
      } catch {
        return {
          mode: 'smtp',
          description: transport.description,
          ok: false,
          detail: 'The mail server does not answer; messages wait in the outbox and are retried',
          ...queue,
        };
      }
    },

    close: () => transport?.close(),
  };
}

/**
 * Free text people write (invoice titles, client names, their own names) goes into mail to any address they
 * type, so mail to others is for proven accounts only, and capped per hour: a fixed hourly window counted in
 * the database (mail.repository.ts), whose end is the Retry-After.
 */
async function admitMailToOthers(trx: Kysely<Database>, accountId: string, at: Date, config: Config) {
  const perHour = config.MAIL_TO_OTHERS_PER_HOUR;
  const windowStart = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  if (await repo.countMailToOthers(trx, accountId, windowStart.toISOString(), perHour)) return;
  if (!(await repo.isVerifiedAccount(trx, accountId))) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Verify your email address before Meridian sends mail to other people for you',
    );
  }
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + HOUR_MS - at.getTime()) / 1000);
  throw new AppError(
    'RATE_LIMITED',
    `Meridian sends at most ${perHour} emails an hour to other people for one account. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    undefined,
    { retryAfterSeconds },
  );
}

/** Every few seconds, in every process: sends what `kick` missed (a crash, a failed attempt now due). */
export function mailDeliveryJob(mailer: Mailer): Job {
  return { name: 'deliver-mail', everyMs: 3_000, run: () => mailer.deliverDue() };
}
