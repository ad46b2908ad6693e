import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, type Session } from '../../test/http';
import { fund, sendUsd, walletsOf } from '../../test/money';
import { openNotificationStream, type StreamClient } from '../../test/sse';
import { describeEachDatabase } from '../../test/test-app';
import { NOTIFICATIONS_CHANNEL } from './notifications.repository';
import { createStreamInterest } from './stream-interest';

/**
 * On PostgreSQL a new notification is signalled to the app processes only while one of them holds a stream
 * open for its user (migration 0023, stream-interest.ts). A client of the test's own LISTENs on the channel
 * and counts what is announced.
 */
describeEachDatabase('notification signals only for users with an open stream', (ctx) => {
  let baseUrl: string;
  let payer: Session;
  let payee: Session;
  let listener: pg.Client;
  const heard: string[] = [];

  beforeAll(async () => {
    if (ctx.dialect !== 'postgres') return;
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    payer = await signUp(ctx.app);
    payee = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, payer)).USD!.id, '100.00', 'USD');
    listener = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`listen ${NOTIFICATIONS_CHANNEL}`);
  });
  afterAll(async () => listener?.end());

  /**
   * What was announced for `userId` because of `act`. A signal reaches the listener soon after its commit, not
   * with it; PostgreSQL delivers signals in commit order, so once a marker sent after `act` is heard, every
   * signal `act` made has been heard too.
   */
  async function announcedFor(userId: string, act: () => Promise<unknown>) {
    heard.length = 0;
    await act();
    const marker = `marker-${randomUUID()}`;
    await listener.query('select pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, marker]);
    await expect.poll(() => heard.includes(marker), { timeout: 5_000 }).toBe(true);
    return heard.filter((payload) => payload === userId).length;
  }

  /** Runs `use` while `session` has a stream open (past its first message), and closes it after. */
  async function withOpenStream(session: Session, use: (stream: StreamClient) => Promise<void>) {
    const stream = await openNotificationStream(baseUrl, session.cookie);
    try {
      await stream.next();
      await use(stream);
    } finally {
      stream.close();
    }
  }

  it('does not signal a payment to nobody, and signals it to a user whose stream is open', async () => {
    if (ctx.dialect !== 'postgres') return;
    expect(await announcedFor(payee.user.id, () => sendUsd(ctx.app, payer, payee.user.email, '1.00'))).toBe(
      0,
    );

    await withOpenStream(payee, async (stream) => {
      expect(await announcedFor(payee.user.id, () => sendUsd(ctx.app, payer, payee.user.email, '2.00'))).toBe(
        1,
      );
      const pushed = await stream.next((message) => message.notifications.length > 0);
      expect(pushed.notifications[0]!.title).toBe('Money received');
      // The payer has no stream: nothing for them.
      expect(await announcedFor(payer.user.id, () => sendUsd(ctx.app, payer, payee.user.email, '3.00'))).toBe(
        0,
      );
    });
  });

  it('stops signalling once the announcement has expired (a process that died renews nothing)', async () => {
    if (ctx.dialect !== 'postgres') return;
    await withOpenStream(payee, async () => {
      await sql`update notification_listeners set expires_at = now() - interval '1 second'`.execute(
        ctx.app.db,
      );
      expect(await announcedFor(payee.user.id, () => sendUsd(ctx.app, payer, payee.user.email, '1.00'))).toBe(
        0,
      );
    });
  });

  it('renews what a process holds, forgets what it let go, and releases only its own', async () => {
    if (ctx.dialect !== 'postgres') return;
    await sql`delete from notification_listeners`.execute(ctx.app.db);
    const [one, other] = [
      createStreamInterest(ctx.app.db, 'postgres'),
      createStreamInterest(ctx.app.db, 'postgres'),
    ];
    const held = async () =>
      (
        await sql<{ user_id: string; live: boolean }>`select user_id, expires_at > now() as live
          from notification_listeners order by 2 desc`.execute(ctx.app.db)
      ).rows;
    await one.hold(payee.user.id);
    await one.hold(payer.user.id);
    await other.hold(payee.user.id);
    await sql`update notification_listeners set expires_at = now() - interval '1 second'`.execute(ctx.app.db);
    await one.renew([payee.user.id]);
    // Its own payee renewed, its payer forgotten; the other process's payee left to expire.
    expect(await held()).toEqual([
      { user_id: payee.user.id, live: true },
      { user_id: payee.user.id, live: false },
    ]);
    await one.releaseAll();
    expect(await held()).toEqual([{ user_id: payee.user.id, live: false }]);
    await other.releaseAll();
    expect(await held()).toEqual([]);
  });
});
