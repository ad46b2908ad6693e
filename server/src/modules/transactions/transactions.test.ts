import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  historyFilterTypes,
  NEXT_CURSOR_HEADER,
  transactionTypes,
  type HistoryFilter,
  type Transaction,
  type TransactionType,
} from '@contract/transactions';
import { request, signUp, type Session } from '../../test/http';
import { newKey, sendUsd, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { encodeCursor } from './history-cursor';

/**
 * History rows only (the screen reads nothing else): one journal entry for the rows to point at, then rows of
 * every type, several sharing a timestamp so the id tie-break is exercised at page boundaries.
 */
async function seedHistory(ctx: TestContext, userId: string, count: number, start = Date.UTC(2026, 0, 1)) {
  const entryId = randomUUID();
  await ctx.app.db
    .insertInto('journal_entries')
    .values({
      id: entryId,
      kind: 'test',
      description: 'history fixture',
      created_at: new Date(start).toISOString(),
    })
    .execute();
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    user_id: userId,
    entry_id: entryId,
    type: transactionTypes[index % transactionTypes.length]!,
    amount: BigInt(100 + index),
    currency: 'USD' as const,
    fee: 0n,
    description: `Row ${index}`,
    status: 'completed',
    // Three rows per second: equal times are common.
    created_at: new Date(start + Math.floor(index / 3) * 1000).toISOString(),
  }));
  for (let offset = 0; offset < rows.length; offset += 500) {
    await ctx.app.db
      .insertInto('transactions')
      .values(rows.slice(offset, offset + 500))
      .execute();
  }
  return rows;
}

const newestFirst = <T extends { created_at: string; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
  );

describeEachDatabase('transaction history', (ctx) => {
  let alice: Session;
  let bob: Session;
  let rows: Awaited<ReturnType<typeof seedHistory>>;
  const get = (url: string, session = alice) => request(ctx.app, session, 'GET', url);

  /** Follows X-Next-Cursor from the first page to the last, returning every row and the page sizes. */
  async function walk(type: HistoryFilter, limit: number) {
    const seen: Transaction[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const query = new URLSearchParams({ type, limit: String(limit), ...(cursor && { cursor }) });
      const response = await get(`/api/transactions?${query}`);
      expect(response.statusCode).toBe(200);
      const items: Transaction[] = response.json();
      seen.push(...items);
      sizes.push(items.length);
      const next = response.headers[NEXT_CURSOR_HEADER];
      if (next === undefined) return { seen, sizes };
      expect(response.headers.link).toBe(
        `</api/transactions?type=${type}&limit=${limit}&cursor=${next}>; rel="next"`,
      );
      cursor = String(next);
    }
    throw new Error('pagination did not end');
  }

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    rows = await seedHistory(ctx, alice.user.id, 47);
    await seedHistory(ctx, bob.user.id, 5);
  });

  it('answers the plain GET with an array: the newest 20, and a cursor for the rest', async () => {
    const response = await get('/api/transactions');
    expect(response.statusCode).toBe(200);
    const items: Transaction[] = response.json();
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((t) => t.id)).toEqual(
      newestFirst(rows)
        .slice(0, 20)
        .map((row) => row.id),
    );
    expect(response.headers[NEXT_CURSOR_HEADER]).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('pages through everything newest first, with no duplicate and no gap', async () => {
    const { seen, sizes } = await walk('all', 7);
    expect(seen.map((t) => t.id)).toEqual(newestFirst(rows).map((row) => row.id));
    expect(sizes).toEqual([7, 7, 7, 7, 7, 7, 5]);
    // A page that ends exactly at the last row says so: no cursor to an empty page.
    expect((await walk('all', 47)).sizes).toEqual([47]);
  });

  it.each(['incoming', 'outgoing', 'exchange'] as const)('filters %s, across pages', async (filter) => {
    const types: readonly TransactionType[] = historyFilterTypes[filter];
    const expected = newestFirst(rows.filter((row) => types.includes(row.type)));
    const { seen } = await walk(filter, 3);
    expect(seen.map((t) => t.id)).toEqual(expected.map((row) => row.id));
    expect(seen.every((t) => types.includes(t.type))).toBe(true);
  });

  it("never shows another user's rows, whatever the cursor", async () => {
    const bobs: Transaction[] = (await get('/api/transactions?limit=100', bob)).json();
    expect(bobs).toHaveLength(5);
    const aliceIds = new Set<string>(rows.map((row) => row.id));
    expect(bobs.some((t) => aliceIds.has(t.id))).toBe(false);
    // A well-formed cursor pointing into Alice's history only moves Bob through his own.
    const newest = newestFirst(rows)[0]!;
    const cursor = encodeCursor({ createdAt: '2099-01-01T00:00:00.000Z', id: newest.id });
    const page: Transaction[] = (await get(`/api/transactions?cursor=${cursor}`, bob)).json();
    expect(page.map((t) => t.id).sort()).toEqual(bobs.map((t) => t.id).sort());
  });

  it.each([
    ['limit=100000', 'limit'],
    ['limit=0', 'limit'],
    ['limit=-5', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=abc', 'limit'],
    ['type=everything', 'type'],
    ['cursor=not-a-cursor!', 'cursor'],
    ['cursor=garbage', 'cursor'],
    [`cursor=${Buffer.from('{"createdAt":"x"}').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["yesterday","abc"]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","1\' or 1=1"]').toString('base64url')}`, 'cursor'],
    [`cursor=${'A'.repeat(300)}`, 'cursor'],
  ])('refuses ?%s with a 400 naming the parameter', async (query, field) => {
    const response = await get(`/api/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: expect.any(String) },
    });
  });

  it('needs a session', async () => {
    expect((await request(ctx.app, null, 'GET', '/api/transactions')).statusCode).toBe(401);
    expect((await request(ctx.app, null, 'GET', '/api/transactions/export.csv')).statusCode).toBe(401);
  });
});

describeEachDatabase('transaction export', (ctx) => {
  let alice: Session;
  const csvOf = async (query = '', session = alice) => {
    const response = await request(ctx.app, session, 'GET', `/api/transactions/export.csv${query}`);
    expect(response.statusCode).toBe(200);
    return response;
  };
  const lines = (body: string) => body.split('\r\n').slice(0, -1);

  beforeAll(async () => {
    alice = await signUp(ctx.app);
  });

  it('downloads an RFC 4180 file with a header row, quoting and formula cells defused', async () => {
    const [row] = await seedHistory(ctx, alice.user.id, 1);
    await ctx.app.db
      .updateTable('transactions')
      .set({
        type: 'send',
        description: 'Invoice #7, "final"\nthanks',
        counterparty: '=HYPERLINK("http://evil.example")',
        from_currency: 'USD',
        to_currency: 'EUR',
        exchange_rate: '0.9233',
        status: 'pending',
      })
      .where('id', '=', row!.id)
      .execute();
    const response = await csvOf();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="meridian-transactions.csv"');
    expect(response.body).toBe(
      'date,type,description,amount,fee,currency,converted amount,from currency,to currency,rate,counterparty,status,category\r\n' +
        `${row!.created_at},send,"Invoice #7, ""final""\nthanks",-1.00,0.00,USD,,USD,EUR,0.9233,` +
        `"'=HYPERLINK(""http://evil.example"")",pending,Uncategorised\r\n`,
    );
    // Someone else's export holds only the header.
    expect(lines((await csvOf('', await signUp(ctx.app))).body)).toHaveLength(1);
  });

  it('exports the whole filtered history, newest first, across many batches', async () => {
    const user = await signUp(ctx.app);
    const rows = await seedHistory(ctx, user.user.id, 2600, Date.UTC(2025, 0, 1));
    const all = lines((await csvOf('', user)).body);
    expect(all).toHaveLength(2601);
    const expected = newestFirst(rows);
    expect(all.slice(1).map((line) => line.split(',')[2])).toEqual(expected.map((row) => row.description));

    const outgoing = lines((await csvOf('?type=outgoing', user)).body).slice(1);
    const outgoingTypes: readonly string[] = historyFilterTypes.outgoing;
    const expectedOutgoing = expected.filter((row) => outgoingTypes.includes(row.type));
    expect(outgoing.map((line) => line.split(',')[2])).toEqual(
      expectedOutgoing.map((row) => row.description),
    );
    expect((await request(ctx.app, user, 'GET', '/api/transactions/export.csv?type=bogus')).statusCode).toBe(
      400,
    );
  });

  it('signs amounts as the wallet saw them, so each currency sums to its balance', async () => {
    const user = await signUp(ctx.app);
    const friend = await signUp(ctx.app);
    const usdWallet = (await walletsOf(ctx.app, user)).USD!.id;
    const deposit = await request(
      ctx.app,
      user,
      'POST',
      `/api/wallets/${usdWallet}/deposit`,
      { amount: '100.00' },
      newKey(),
    );
    expect(deposit.statusCode).toBe(201);
    expect((await sendUsd(ctx.app, user, friend.user.email, '10.00')).statusCode).toBe(201);
    const converted = await request(
      ctx.app,
      user,
      'POST',
      '/api/convert',
      { amount: '20.00', from: 'USD', to: 'EUR' },
      newKey(),
    );
    expect(converted.statusCode).toBe(201);

    const [header, ...rows] = lines((await csvOf('', user)).body).map((line) => line.split(','));
    const column = (name: string) => header!.indexOf(name);
    const cents = (text: string | undefined) => (text ? BigInt(text.replace('.', '')) : 0n);
    const sums = new Map<string, bigint>();
    const add = (currency: string, amount: bigint) => sums.set(currency, (sums.get(currency) ?? 0n) + amount);
    for (const row of rows) {
      add(row[column('currency')]!, cents(row[column('amount')]) + cents(row[column('fee')]));
      if (row[column('converted amount')])
        add(row[column('to currency')]!, cents(row[column('converted amount')]));
    }
    const wallets = await walletsOf(ctx.app, user);
    expect(sums.get('USD')).toBe(cents(wallets.USD!.balance));
    expect(sums.get('EUR')).toBe(cents(wallets.EUR!.balance));
    expect(
      rows.find((row) => row[column('type')] === 'send')!.slice(column('amount'), column('fee') + 1),
    ).toEqual(['-10.00', '-0.29']);
  });
});
