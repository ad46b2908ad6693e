import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import * as repo from './mail.repository';
import type { MailAttachment, MailTransport } from './mail-transport';
import { drainInTurns } from '../../lib/drain';

/** Names an attachment without holding it: the outbox stays small and nothing sensitive is stored twice. */
export interface AttachmentRef {
  kind: string;
  id: string;
}

/** Makes the file for an attachment at delivery time (e.g. an invoice's PDF). */
export type AttachmentRenderer = (id: string) => Promise<MailAttachment>;

const BATCH = 20;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;
/** 10 s, 20 s, 40 s … about 21 min before the last try: rides out a mail server restart. */
const retryDelayMs = (attempts: number) => 10_000 * 2 ** (attempts - 1);

/**
 * Sends what the outbox holds through `transport`, after the transactions that wrote it committed: claims are
 * leased, so processes never send the same message twice at once, and a failed attempt is retried later with
 * a growing delay. Attachments are rendered at delivery by the renderer registered for their kind.
 */
export function createMailDelivery(deps: {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
  transport: MailTransport | null;
}) {
  const { db, config, log, transport } = deps;
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

  /** Sends everything due now (drainInTurns: one run at a time per process); resolves with how many were tried. */
  const deliverDue = drainInTurns(deliverBatch);

  return {
    /** Says how to render attachments of `kind` (a module registers its own at start-up). */
    registerAttachment(kind: string, render: AttachmentRenderer): void {
      renderers.set(kind, render);
    },
    deliverDue,
  };
}
