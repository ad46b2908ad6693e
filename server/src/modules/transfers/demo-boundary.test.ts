import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { request, signUp, startDemo, type Session } from '../../test/http';
import { ledgerSnapshot, newKey, sendUsd, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { houseAccountId } from '../ledger/house-accounts';
import { verifyLedger } from '../ledger/ledger.verify';

/** What the live book's house accounts hold, per account: the sum of their postings. */
const liveHouseBalances = async (ctx: TestContext) =>
  Object.fromEntries(
    (
      await ctx.app.db
        .selectFrom('postings as p')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .select(['a.id', sql<string>`cast(sum(p.amount) as text)`.as('total')])
        .where('a.book', '=', 'live')
        .where('a.user_id', 'is', null)
        .groupBy('a.id')
        .execute()
    ).map((row) => [row.id, row.total]),
  );

describeEachDatabase('demo money stays in the demo', (ctx) => {
  let real: Session;
  let demo: Session;
  let otherDemo: Session;
  const send = (from: Session, recipientEmail: string, amount = '100.00') =>
    sendUsd(ctx.app, from, recipientEmail, amount);

  beforeAll(async () => {
    real = await signUp(ctx.app);
    demo = await startDemo(ctx.app);
    otherDemo = await startDemo(ctx.app);
  });

  it("opens a demo's balances from the demo's own house account, never the real world's", async () => {
    const before = await liveHouseBalances(ctx);
    const fresh = await startDemo(ctx.app);
    expect(Number((await walletsOf(ctx.app, fresh)).USD!.balance)).toBeGreaterThan(0);
    expect(await liveHouseBalances(ctx)).toEqual(before);
    const demoBook = await ctx.app.db
      .selectFrom('ledger_accounts')
      .select('book')
      .where('user_id', '=', fresh.user.id)
      .execute();
    expect(demoBook.map((account) => account.book)).toEqual(['demo', 'demo', 'demo']);
  });

  it('refuses a payment from a demo to a real account (422 DEMO_ACCOUNT), moving nothing', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const response = await send(demo, real.user.email);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'DEMO_ACCOUNT',
      fields: { recipientEmail: expect.any(String) },
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    const quote = await request(ctx.app, demo, 'POST', '/api/transactions/quote', {
      amount: '1.00',
      fromCurrency: 'USD',
      recipientEmail: real.user.email,
    });
    expect(quote.json().code).toBe('DEMO_ACCOUNT');
  });

  it('refuses a real payment to a demo account too', async () => {
    await request(
      ctx.app,
      real,
      'POST',
      `/api/wallets/${(await walletsOf(ctx.app, real)).USD!.id}/deposit`,
      { amount: '500' },
      newKey(),
    );
    const before = await ledgerSnapshot(ctx.app.db);
    const response = await send(real, demo.user.email);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('DEMO_ACCOUNT');
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('pays another demo instantly, and a made-up outside address by a simulated payout in the demo book', async () => {
    const live = await liveHouseBalances(ctx);
    const toDemo = await send(demo, otherDemo.user.email, '10.00');
    expect(toDemo.statusCode).toBe(201);
    expect(toDemo.json().status).toBe('completed');
    const outside = await send(demo, `someone-${crypto.randomUUID()}@outside.example`, '0.50');
    expect(outside.statusCode).toBe(201);
    expect(outside.json().status).toBe('pending');
    const payout = await ctx.app.db
      .selectFrom('payouts')
      .select('book')
      .where('transaction_id', '=', outside.json().id)
      .executeTakeFirstOrThrow();
    expect(payout.book).toBe('demo');
    expect(await liveHouseBalances(ctx)).toEqual(live);
    // Nobody was held for, and no one outside was told: the demo's outside world is make-believe.
    expect(await ctx.app.db.selectFrom('held_transfers').selectAll().execute()).toEqual([]);
    const report = await verifyLedger(ctx.app.db);
    expect(report.violations).toEqual([]);
  });

  it('converts within the demo book', async () => {
    const live = await liveHouseBalances(ctx);
    const quote = await request(ctx.app, demo, 'POST', '/api/convert/quote', {
      from: 'USD',
      to: 'EUR',
      amount: '25.00',
    });
    expect(quote.statusCode).toBe(200);
    const converted = await request(
      ctx.app,
      demo,
      'POST',
      '/api/convert',
      { from: 'USD', to: 'EUR', amount: '25.00' },
      newKey(),
    );
    expect(converted.statusCode).toBe(201);
    // Its fee went to the demo's fees account, not Meridian's real earnings.
    expect(await liveHouseBalances(ctx)).toEqual(live);
    const demoFees = await ctx.app.db
      .selectFrom('postings')
      .select('amount')
      .where('account_id', '=', houseAccountId('fees', 'USD', 'demo'))
      .execute();
    expect(demoFees.length).toBeGreaterThan(0);
  });

  it('ledger:verify reports an entry that crosses the books', async () => {
    // Written past postEntry, as a bug or a hand-edited database would: the check must still see it.
    const entryId = crypto.randomUUID();
    const at = new Date().toISOString();
    const demoUsd = (await walletsOf(ctx.app, demo)).USD!.id;
    const realUsd = (await walletsOf(ctx.app, real)).USD!.id;
    await ctx.app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('journal_entries')
        .values({ id: entryId, kind: 'test', description: 'crossing', created_at: at })
        .execute();
      await trx
        .insertInto('postings')
        .values([
          { id: crypto.randomUUID(), entry_id: entryId, account_id: demoUsd, currency: 'USD', amount: -1n },
          { id: crypto.randomUUID(), entry_id: entryId, account_id: realUsd, currency: 'USD', amount: 1n },
        ])
        .execute();
    });
    const { violations } = await verifyLedger(ctx.app.db);
    expect(violations).toContain(`entry ${entryId} moves value between the live and demo books`);
    expect(violations.some((line) => line.includes("does not sum to zero over the live book's"))).toBe(true);
  });
});

describeEachDatabase(
  'no demo on a server without sandbox money',
  (ctx) => {
    it('answers 403 and says so in the sign-in options', async () => {
      const options = await ctx.app.inject({ method: 'GET', url: '/api/auth/options' });
      expect(options.json()).toEqual({ demo: false, sandbox: false, sandboxMaxDepositUsd: null });
      const demo = await ctx.app.inject({ method: 'POST', url: '/api/auth/demo' });
      expect(demo.statusCode).toBe(403);
      expect(await ctx.app.db.selectFrom('users').selectAll().execute()).toEqual([]);
    });
  },
  { SANDBOX: false, SMTP_URL: 'smtp://127.0.0.1:9' },
);
