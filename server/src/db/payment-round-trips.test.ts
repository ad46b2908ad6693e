import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { newKey, walletsOf, fund } from '../test/money';
import { request, signUp, type Session } from '../test/http';
import { describeEachDatabase } from '../test/test-app';

// Every query any pooled PostgreSQL connection of this file sends, while `counting` is on, in round trips:
// the queries sent before any answer came back (a transaction's BEGIN and its first statement:
// pg-pipelined-begin.ts) are answered in one wait.
const sent: string[][] = [];
let counting = false;
let turn: string[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [text] = args as [string | { text?: string; name?: string }];
  const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (counting) {
    if (!turn) sent.push((turn = []));
    turn.push(typeof text === 'string' ? text : (text.text ?? text.name ?? '?'));
    // Heard before whoever awaits the answer sends the next query.
    const answered = () => (turn = null);
    if (answer instanceof Promise) answer.then(answered, answered);
  }
  return answer;
} as typeof query;

describeEachDatabase('round trips of a payment', (ctx) => {
  let alice: Session;
  let bob: Session;
  let aliceUsd: string;

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    aliceUsd = (await walletsOf(ctx.app, alice)).USD!.id;
    await fund(ctx.app.db, aliceUsd, '100.00', 'USD');
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
      .map((roundTrip) => roundTrip.filter((text) => !text.startsWith('insert into rate_limits')))
      .filter((roundTrip) => roundTrip.length > 0)
      .map((roundTrip) => roundTrip.map((text) => text.split(/\s+/).slice(0, 3).join(' ')).join(' + '));
  }
  const sixRoundTrips = (context: string) => [
    expect.stringMatching(/^select "sessions"/),
    `begin + select ${context}( $1,`,
    'select * from', // ledger_post_entry
    'insert into "notifications"',
    'update "idempotency_keys" set', // the stored answer
    'commit',
  ];

  it('lets a transfer reach PostgreSQL in seven round trips: session, BEGIN with the claim and reads, the entry, its writes, whose webhooks, COMMIT', async () => {
    if (ctx.dialect !== 'postgres') return;
    const body = { amount: '1.00', fromCurrency: 'USD', recipientEmail: bob.user.email };
    const pay = () => request(ctx.app, alice, 'POST', '/api/transactions', body, newKey());
    // The sender's and the recipient's webhook endpoints, read together: an event goes in the outbox in the
    // transaction of what it announces, and only for someone who asked for it.
    const [session, claim, entry, notices, ...rest] = sixRoundTrips('transfer_context');
    expect(await roundTripsOf(pay)).toEqual([
      session,
      claim,
      entry,
      notices,
      'select "id", "user_id",',
      ...rest,
    ]);
  });

  it('lets a deposit and a conversion reach PostgreSQL in six round trips too', async () => {
    if (ctx.dialect !== 'postgres') return;
    const deposit = () =>
      request(ctx.app, alice, 'POST', `/api/wallets/${aliceUsd}/deposit`, { amount: '1.00' }, newKey());
    const convert = () =>
      request(ctx.app, alice, 'POST', '/api/convert', { from: 'USD', to: 'EUR', amount: '1.00' }, newKey());
    expect(await roundTripsOf(deposit)).toEqual(sixRoundTrips('payment_context'));
    expect(await roundTripsOf(convert)).toEqual(sixRoundTrips('payment_context'));
  });

  it('lets a market order reach PostgreSQL in eight round trips: its key, wallets and month read in one', async () => {
    if (ctx.dialect !== 'postgres') return;
    const buy = { type: 'buy', asset: 'BTC', quantity: '0.0001', price: null };
    const trade = () => request(ctx.app, alice, 'POST', '/api/trade', buy, newKey());
    expect(await roundTripsOf(trade)).toEqual([
      expect.stringMatching(/^select "sessions"/),
      'begin + select payment_context( $1,',
      'select * from', // ledger_post_entry: the wallets' locks, before the holding is read
      'insert into "trading_orders"',
      'insert into "holdings"', // a buy's cost basis: one upsert that adds
      'insert into "notifications"',
      'update "idempotency_keys" set',
      'commit',
    ]);
  });
});
