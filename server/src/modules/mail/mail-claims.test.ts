import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { signUp } from '../../test/http';
import { enqueueMail, mailerOf, noticesOf, outboxRow, standInMailServer } from '../../test/mail';
import { describeEachDatabase } from '../../test/test-app';
import { MAIL_MAX_ATTEMPTS } from './mail-retry';
import type { MailTransport } from './mail-transport';
import * as repo from './mail.repository';

/** A mail server that holds each message until the test says how the send ends: a worker frozen mid-send. */
function frozenMailServer() {
  let entered!: () => void;
  let finish!: (error?: Error) => void;
  const sending = new Promise<void>((resolve) => (entered = resolve));
  const transport: MailTransport = {
    description: 'Frozen mail server',
    send: () =>
      new Promise<void>((resolve, reject) => {
        finish = (error) => (error ? reject(error) : resolve());
        entered();
      }),
    async check() {},
    close() {},
  };
  return { transport, sending, finish: (error?: Error) => finish(error) };
}

describeEachDatabase('mail claims', (ctx) => {
  it('keeps what another worker did from a worker that outlived its lease', async () => {
    const ada = await signUp(ctx.app);
    // Its stale outcome: a retry (an attempt to go), then a give-up (the claim was the last attempt).
    for (const attemptsBefore of [0, MAIL_MAX_ATTEMPTS - 1]) {
      const frozen = frozenMailServer();
      const first = mailerOf(ctx, frozen.transport);
      const id = await enqueueMail(ctx, first, { subject: 'Invoice 9', onBehalfOf: ada.user.id });
      await ctx.app.db
        .updateTable('mail_outbox')
        .set({ attempts: attemptsBefore })
        .where('id', '=', id)
        .execute();
      const firstRun = first.deliverDue();
      await frozen.sending;

      // The first worker freezes past its lease; the second claims the message and sends it.
      await ctx.app.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1_000).toISOString() })
        .where('id', '=', id)
        .execute();
      const server = standInMailServer();
      expect(await mailerOf(ctx, server.transport).deliverDue()).toBe(1);
      const sent = await outboxRow(ctx, id);
      expect(sent).toMatchObject({ status: 'sent', last_error: null });
      expect(server.sent).toHaveLength(1);

      // The first comes back with its failure: nothing changes.
      frozen.finish(new Error('421 Service not available'));
      await firstRun;
      expect(await outboxRow(ctx, id)).toEqual(sent);
    }
    expect(await noticesOf(ctx, ada.user.id, 'Email not delivered')).toHaveLength(0);
  });

  it('claims no more than its batch with thousands due, and no message twice, however many claim at once', async () => {
    const kind = `bulk-${randomUUID()}`;
    const at = new Date(Date.now() - 60_000).toISOString();
    const rows = Array.from({ length: 3_000 }, (_, index) => ({
      id: randomUUID(),
      kind,
      to_address: `bulk-${index}@example.com`,
      subject: 'Bulk',
      body: 'Bulk',
      action_url: null,
      status: 'pending' as const,
      next_attempt_at: at,
      last_error: null,
      created_at: at,
      sent_at: null,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await ctx.app.db
        .insertInto('mail_outbox')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    try {
      const now = new Date().toISOString();
      const claim = () =>
        repo.claimDueMail(ctx.app.db, {
          now,
          leaseUntil: new Date(Date.now() + 60_000).toISOString(),
          token: randomUUID(),
          limit: 20,
        });
      const claims = await Promise.all(Array.from({ length: 8 }, claim));
      for (const claimed of claims) expect(claimed).toHaveLength(20);
      const ids = claims.flat().map((row) => row.id);
      expect(new Set(ids).size).toBe(8 * 20);
      const leased = await ctx.app.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('kind', '=', kind)
        .where('attempts', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Number(leased.n)).toBe(8 * 20);
    } finally {
      await ctx.app.db.deleteFrom('mail_outbox').where('kind', '=', kind).execute();
    }
  });
});
