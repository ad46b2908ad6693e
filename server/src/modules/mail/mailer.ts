import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import type { Job } from '../../jobs/scheduler';
import type { Notifier } from '../notifications/notifier';
import { admitMailToOthers } from './mail-to-others';
import { createMailDelivery, type AttachmentRef } from './mail-delivery';
import { createFailureNotices } from './mail-failures';
import * as repo from './mail.repository';
import { smtpTransport, type MailTransport } from './mail-transport';

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

export interface MailStatus {
  mode: 'smtp' | 'outbox';
  description: string;
  ok: boolean;
  detail: string;
  pending: number;
  failed: number;
}

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
  /** Tells a message's owner when it could not be delivered (mail-failures.ts). */
  notifier?: Notifier;
  now?: () => Date;
}) {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const transport =
    deps.transport !== undefined ? deps.transport : config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null;
  const baseUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const failures = createFailureNotices(deps.notifier);
  const delivery = createMailDelivery({ db, config, log, transport, now, failed: failures.tell });
  const { deliverDue } = delivery;

  /** Delivers what is due soon, without making the caller wait for the mail server. */
  function kick(): void {
    if (!transport) return;
    setImmediate(() => {
      deliverDue().catch((error) => log.error({ err: error }, 'mail delivery run failed'));
    });
  }

  return {
    /** Whether mail leaves the building; without a transport it stays in the outbox. */
    delivers: transport !== null,

    /** An absolute link into the web app, for an email. */
    link(path: string): string {
      return new URL(path, baseUrl).toString();
    },

    /** Says how to render attachments of `kind` (a module registers its own at start-up). */
    registerAttachment: delivery.registerAttachment,

    /** Says where the owner of a failed message of `kind` can act on it (the notice links there). */
    registerFailureAction: failures.registerAction,

    /**
     * Writes the message into the outbox inside `trx`. Call `kick()` once the transaction has committed. Mail
     * `onBehalfOf` an account is refused (EMAIL_NOT_VERIFIED, RATE_LIMITED) before anything is written.
     */
    async enqueue(trx: Kysely<Database>, message: MailMessage): Promise<void> {
      if (message.onBehalfOf) await admitMailToOthers(trx, message.onBehalfOf, now(), config);
      const at = now().toISOString();
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
        on_behalf_of: message.onBehalfOf ?? null,
      });
    },

    /**
     * Sends the newest message about `ref` again, inside `trx`, if it failed: the same message, with a new
     * day of attempts. Mail sent for an account counts against its hourly allowance again. False if that
     * message did not fail (or there is none). Call `kick()` once the transaction has committed.
     */
    async sendAgain(trx: Kysely<Database>, ref: string): Promise<boolean> {
      const newest = await repo.newestMailAbout(trx, ref);
      if (newest?.status !== 'failed') return false;
      if (newest.on_behalf_of) await admitMailToOthers(trx, newest.on_behalf_of, now(), config);
      return repo.requeueFailed(trx, newest.id, now().toISOString());
    },

    kick,
    deliverDue,

    /** Failed messages for operators: who, what, how often tried and why, never the body. */
    failed: (limit: number) => repo.failedMail(db, limit),

    /** An operator's retry of a failed message: a new day of attempts, starting now. */
    async retryFailed(id: string): Promise<void> {
      if (!(await repo.requeueFailed(db, id, now().toISOString()))) {
        throw new AppError('NOT_FOUND', 'No failed email has this id');
      }
      kick();
    },

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

/** Every few seconds, in every process: sends what `kick` missed (a crash, a failed attempt now due). */
export function mailDeliveryJob(mailer: Mailer): Job {
  return { name: 'deliver-mail', everyMs: 3_000, run: () => mailer.deliverDue() };
}
