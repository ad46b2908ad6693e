import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER, type Transaction, type TransactionType } from '@contract/transactions';
import { request, signUp, type Session } from '../../test/http';
import { pdfText } from '../../test/pdf-text';
import { describeEachDatabase, type TestContext } from '../../test/test-app';

interface Seed {
  type: TransactionType;
  description: string;
  counterparty?: string;
  counterpartyEmail?: string;
  day: string;
  time?: string;
}

/** History rows on chosen days, with chosen words, for one user. */
async function seed(ctx: TestContext, userId: string, seeds: Seed[]) {
  const entryId = randomUUID();
  await ctx.app.db
    .insertInto('journal_entries')
    .values({
      id: entryId,
      kind: 'test',
      description: 'search fixture',
      created_at: new Date().toISOString(),
    })
    .execute();
  const rows = seeds.map((s, index) => ({
    id: randomUUID(),
    user_id: userId,
    entry_id: entryId,
    type: s.type,
    amount: BigInt(1000 + index),
    currency: 'USD' as const,
    fee: s.type === 'send' ? 150n : 0n,
    description: s.description,
    counterparty: s.counterparty ?? null,
    counterparty_email: s.counterpartyEmail ?? null,
    status: 'completed',
    created_at: `${s.day}T${s.time ?? '12:00:00.000'}Z`,
  }));
  await ctx.app.db.insertInto('transactions').values(rows).execute();
  return rows;
}

describeEachDatabase('history search and receipts', (ctx) => {
  let alice: Session;
  let bob: Session;
  let aliceRows: Awaited<ReturnType<typeof seed>>;
  const get = (url: string, session = alice) => request(ctx.app, session, 'GET', url);
  const descriptions = async (query: string, session = alice) => {
    const response = await get(`/api/transactions?${query}`, session);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Transaction[]).map((t) => t.description);
  };

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    aliceRows = await seed(ctx, alice.user.id, [
      { type: 'receive', description: 'Logo design', counterparty: 'Acme Studio', day: '2026-03-01' },
      {
        type: 'send',
        description: 'Rent March',
        counterpartyEmail: 'landlord@example.com',
        day: '2026-03-02',
      },
      {
        type: 'card_payment',
        description: 'Coffee',
        counterparty: 'ACME café',
        day: '2026-03-31',
        time: '23:59:59.999',
      },
      { type: 'receive', description: '100% done_ milestone', day: '2026-04-01', time: '00:00:00.000' },
      { type: 'deposit', description: 'Top up', day: '2026-04-15' },
    ]);
    await seed(ctx, bob.user.id, [
      { type: 'receive', description: 'Acme for Bob', counterparty: 'Acme Studio', day: '2026-03-01' },
    ]);
  });

  it('q matches description, counterparty and email as a case-insensitive substring, own rows only', async () => {
    expect(await descriptions('q=acme')).toEqual(['Coffee', 'Logo design']);
    expect(await descriptions('q=LANDLORD%40')).toEqual(['Rent March']);
    expect(await descriptions('q=rent&type=incoming')).toEqual([]);
    expect(await descriptions('q=acme', bob)).toEqual(['Acme for Bob']);
    // % and _ are the user's characters, not wildcards.
    expect(await descriptions('q=%25')).toEqual(['100% done_ milestone']);
    expect(await descriptions('q=e_m')).toEqual([]);
    // Blank is no search at all.
    expect(await descriptions('q=%20%20')).toHaveLength(5);
  });

  it('from and to are whole UTC days, both inclusive', async () => {
    expect(await descriptions('from=2026-03-02&to=2026-03-31')).toEqual(['Coffee', 'Rent March']);
    expect(await descriptions('from=2026-04-01')).toEqual(['Top up', '100% done_ milestone']);
    expect(await descriptions('to=2026-03-01')).toEqual(['Logo design']);
    expect(await descriptions('q=acme&from=2026-03-02&type=outgoing')).toEqual(['Coffee']);
  });

  it('pages a search with the search kept in the next link', async () => {
    const first = await get('/api/transactions?q=e&from=2026-03-01&limit=2');
    expect(first.statusCode).toBe(200);
    const cursor = String(first.headers[NEXT_CURSOR_HEADER]);
    expect(first.headers.link).toBe(
      `</api/transactions?type=all&q=e&from=2026-03-01&limit=2&cursor=${cursor}>; rel="next"`,
    );
    const second = await get(`/api/transactions?q=e&from=2026-03-01&limit=2&cursor=${cursor}`);
    const seen = [...first.json(), ...second.json()].map((t: Transaction) => t.description);
    expect(seen).toEqual(['100% done_ milestone', 'Coffee', 'Rent March', 'Logo design']);
  });

  it('refuses a malformed search with a 400', async () => {
    for (const query of [
      'from=2026-13-01',
      'to=yesterday',
      'from=2026-04-02&to=2026-04-01',
      `q=${'x'.repeat(101)}`,
    ]) {
      const response = await get(`/api/transactions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((await get(`/api/transactions/export.csv?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('the CSV export follows the same search', async () => {
    const response = await get('/api/transactions/export.csv?q=acme&from=2026-03-02');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Coffee');
  });

  it("downloads a transaction's receipt as a PDF, to its owner only", async () => {
    const rent = aliceRows[1]!;
    const response = await get(`/api/transactions/${rent.id}/receipt.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="meridian-receipt-${rent.id}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    for (const words of [
      'RECEIPT',
      'Money sent',
      'Rent March',
      '$10.01',
      '$1.50',
      'landlord@example.com',
      rent.id,
    ])
      expect(text).toContain(words);

    expect((await get(`/api/transactions/${rent.id}/receipt.pdf`, bob)).statusCode).toBe(404);
    expect((await get(`/api/transactions/${randomUUID()}/receipt.pdf`)).statusCode).toBe(404);
    expect((await request(ctx.app, null, 'GET', `/api/transactions/${rent.id}/receipt.pdf`)).statusCode).toBe(
      401,
    );
  });
});
