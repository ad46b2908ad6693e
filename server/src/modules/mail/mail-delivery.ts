import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import * as repo from './mail.repository';
import type { FailedMail } from './mail-failures';
import { mailRetryDelayMs } from './mail-retry';
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

type ClaimedMail = Awaited<ReturnType<typeof repo.claimDueMail>>[number];

/**
 * Sends what the outbox holds through `transport`, after the transactions that wrote it committed: claims are
 * leased and stamped with a token, so processes never send the same message twice at once, and a worker that
 * outlived its lease writes nothing over what another did since. A failed attempt is retried on the schedule
 * of mail-retry.ts; after the last, the message is failed and `failed` tells its owner, in the same
 * transaction. Attachments are rendered at delivery by the renderer registered for their kind.
 */
export function createMailDelivery(deps: {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
  transport: MailTransport | null;
  now: () => Date;
  failed: (trx: Kysely<Database>, mail: FailedMail) => Promise<void>;
}) {
  const { db, config, log, transport, now } = deps;
  const renderers = new Map<string, AttachmentRenderer>();

  async function attachmentsOf(json: string | null): Promise<MailAttachment[]> {
    if (!json) return [];
    const ref = JSON.parse(json) as AttachmentRef;
    const render = renderers.get(ref.kind);
    if (!render) throw new Error(`No renderer for attachments of kind ${ref.kind}`);
    return [await render(ref.id)];
  }

  async function attemptFailed(mail: ClaimedMail, token: string, error: unknown) {
    const attempts = Number(mail.attempts);
    const delay = mailRetryDelayMs(attempts);
    // The message only: an SMTP error can quote the server's reply but never our credentials.
    const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    log.warn({ mailId: mail.id, attempts, giveUp: delay === null }, 'mail delivery failed');
    const at = now();
    if (delay !== null) {
      const retryAt = new Date(at.getTime() + delay).toISOString();
      return repo.markRetry(db, mail.id, token, { error: message, at: retryAt });
    }
    return db.transaction().execute(async (trx) => {
      const failed = await repo.markFailed(trx, mail.id, token, { error: message, at: at.toISOString() });
      if (failed) await deps.failed(trx, failed);
      return failed !== undefined;
    });
  }

  async function deliverOne(mail: ClaimedMail, token: string) {
    let wrote: boolean;
    try {
      await transport!.send({
        from: config.MAIL_FROM,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body,
        attachments: await attachmentsOf(mail.attachment),
      });
      wrote = await repo.markSent(db, mail.id, token, now().toISOString());
    } catch (error) {
      wrote = await attemptFailed(mail, token, error);
    }
    if (!wrote) log.info({ mailId: mail.id }, 'mail outcome dropped: its lease had passed to another claim');
  }

  async function deliverBatch(): Promise<number> {
    if (!transport) return 0;
    const claimedAt = now();
    const leaseUntil = claimedAt.getTime() + LEASE_MS;
    const token = randomUUID();
    const claimed = await repo.claimDueMail(db, {
      now: claimedAt.toISOString(),
      leaseUntil: new Date(leaseUntil).toISOString(),
      token,
      limit: BATCH,
    });
    for (const mail of claimed) {
      // Messages whose lease ran out while earlier ones were sent are another claim's now: not sent twice here.
      if (now().getTime() >= leaseUntil) break;
      await deliverOne(mail, token);
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
