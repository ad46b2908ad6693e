import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { Money } from '@contract/money';
import { newKey, walletsOf, fund } from '../test/money';
import { request, signUp, type Session } from '../test/http';
import { describeEachDatabase } from '../test/test-app';
import { houseAccountId } from '../modules/ledger/house-accounts';
import { queueEntry } from '../modules/ledger/ledger.service';
import { withMoneyTransaction } from '../modules/ledger/money-transaction';
import { deferWrite } from './deferred-writes';

// Every query any pooled PostgreSQL connection of this file sends, while `counting` is on, in round trips:
// queries sent in one synchronous turn were written together and are answered in one wait. Installed before
// an app exists, so the connections' own wrapper (prepared-statements.ts) calls through it.
const sent: string[][] = [];
let counting = false;
let turn: string[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [text] = args as [string | { text?: string; name?: string }];
  if (counting) {
    if (!turn) {
      sent.push((turn = []));
      queueMicrotask(() => (turn = null));
    }
    turn.push(typeof text === 'string' ? text : (text.text ?? text.name ?? '?'));
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

describeEachDatabase('deferred writes', (ctx) => {
  let alice: Session;
  let bob: Session;
  let aliceUsd: string;

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    aliceUsd = (await walletsOf(ctx.app, alice)).USD!.id;
    await fund(ctx.app.db, aliceUsd, '100.00', 'USD');
  });

  const notice = (userId: string) => ({
    id: randomUUID(),
    user_id: userId,
    category: 'info' as const,
    type: 'system' as const,
    title: 'Deferred',
    message: 'Written at the end',
    action_url: null,
    action_text: null,
    created_at: new Date().toISOString(),
  });
  const notificationsOf = (userId: string) =>
    ctx.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('title', '=', 'Deferred');

  it('waits for the end of a money transaction on PostgreSQL, goes at once on SQLite, and is written either way', async () => {
    const row = notice(alice.user.id);
    const seenInside = await withMoneyTransaction(ctx.app.db, async (trx) => {
      const deferred = deferWrite(trx, { table: 'notifications', rows: [row] });
      if (!deferred) await trx.insertInto('notifications').values(row).execute();
      expect(deferred).toBe(ctx.dialect === 'postgres');
      return (await trx.selectFrom('notifications').select('id').where('id', '=', row.id).execute()).length;
    });
    expect(seenInside).toBe(ctx.dialect === 'postgres' ? 0 : 1);
    expect(await notificationsOf(alice.user.id).execute()).toHaveLength(1);
  });

  it('updates the row its match columns pick, and fails the transaction when there is none [postgres]', async () => {
    if (ctx.dialect !== 'postgres') return;
    const row = notice(bob.user.id);
    await ctx.app.db.insertInto('notifications').values(row).execute();
    await withMoneyTransaction(ctx.app.db, async (trx) => {
      deferWrite(trx, { table: 'notifications', rows: [{ id: row.id, is_read: 1 }], match: ['id'] });
    });
    expect((await notificationsOf(bob.user.id).executeTakeFirstOrThrow()).is_read).toBe(1);
    const missing = withMoneyTransaction(ctx.app.db, async (trx) => {
      deferWrite(trx, { table: 'notifications', rows: [{ id: randomUUID(), is_read: 1 }], match: ['id'] });
    });
    await expect(missing).rejects.toThrow(/no row of notifications matches/);
  });

  it('writes nothing queued behind an entry the ledger refuses', async () => {
    const overdraft = Money.parse('1000.00', 'USD');
    const before = (await notificationsOf(bob.user.id).execute()).length;
    const refused = withMoneyTransaction(ctx.app.db, async (trx) => {
      await queueEntry(trx, {
        kind: 'test',
        description: 'More than Alice has',
        postings: [
          { accountId: aliceUsd, amount: overdraft.negated() },
          { accountId: houseAccountId('external', 'USD'), amount: overdraft },
        ],
      });
      deferWrite(trx, { table: 'notifications', rows: [notice(bob.user.id)] });
    });
    await expect(refused).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await notificationsOf(bob.user.id).execute()).toHaveLength(before);
  });

  /**
   * What a payment sends to PostgreSQL, each query's first three words, a round trip's queries joined by ' + ',
   * on its second run: the first refreshes the session's last-seen time and tells the recipient, which the
   * count leaves out.
   */
  async function roundTripsOf(pay: () => ReturnType<typeof request>) {
    expect((await pay()).statusCode).toBe(201);
    sent.length = 0;
    counting = true;
    const response = await pay();
    counting = false;
    expect(response.statusCode).toBe(201);
    // The shared rate limiter's batched write may fall in the window (one run in a few); it is not the payment's.
    return sent
      .map((roundTrip) => roundTrip.map((text) => text.trim()))
      .filter((roundTrip) => !roundTrip[0]!.startsWith('insert into rate_limits'))
      .map((roundTrip) => roundTrip.map((text) => text.split(/\s+/).slice(0, 3).join(' ')).join(' + '));
  }
  const fiveRoundTrips = (context: string) => [
    expect.stringMatching(/^select "sessions"/),
    'begin',
    `select ${context}( $1,`,
    'select ledger_post_entry_or_raise( $1,',
    'commit',
  ];

  it('lets a transfer reach PostgreSQL in five round trips: session, BEGIN, the claim and reads, the entry and writes, COMMIT', async () => {
    if (ctx.dialect !== 'postgres') return;
    const body = { amount: '1.00', fromCurrency: 'USD', recipientEmail: bob.user.email };
    const pay = () => request(ctx.app, alice, 'POST', '/api/transactions', body, newKey());
    expect(await roundTripsOf(pay)).toEqual(fiveRoundTrips('transfer_context'));
  });

  it('lets a deposit and a conversion reach PostgreSQL in five round trips too', async () => {
    if (ctx.dialect !== 'postgres') return;
    const deposit = () =>
      request(ctx.app, alice, 'POST', `/api/wallets/${aliceUsd}/deposit`, { amount: '1.00' }, newKey());
    const convert = () =>
      request(ctx.app, alice, 'POST', '/api/convert', { from: 'USD', to: 'EUR', amount: '1.00' }, newKey());
    expect(await roundTripsOf(deposit)).toEqual(fiveRoundTrips('payment_context'));
    expect(await roundTripsOf(convert)).toEqual(fiveRoundTrips('payment_context'));
  });

  it('lets a market order reach PostgreSQL in eight round trips: its key, wallets and month read in one', async () => {
    if (ctx.dialect !== 'postgres') return;
    const buy = { type: 'buy', asset: 'BTC', quantity: '0.0001', price: null };
    const trade = () => request(ctx.app, alice, 'POST', '/api/trade', buy, newKey());
    expect(await roundTripsOf(trade)).toEqual([
      expect.stringMatching(/^select "sessions"/),
      'begin',
      'select payment_context( $1,',
      'select * from', // ledger_post_entry: the wallets' locks, before the holding is read
      'insert into "trading_orders"',
      'insert into "holdings"', // a buy's cost basis: one upsert that adds
      'select write_rows($1::jsonb)', // the notification and the stored answer
      'commit',
    ]);
  });
});
