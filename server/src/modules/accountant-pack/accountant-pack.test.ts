import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTANT_PACK_MAX_DAYS,
  accountantPackIndexColumns,
  accountantPackUrl,
} from '@contract/accountant-pack';
import type { Invoice } from '@contract/invoices';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { pdfText } from '../../test/pdf-text';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { zipEntries } from '../../test/zip';
import { PACKS_PER_MINUTE } from './accountant-pack.routes';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = dayOf(Date.now());
/** The period every pack below covers: the last 30 days. */
const period = { from: dayOf(Date.now() - 29 * DAY_MS), to: today };
const longAgo = dayOf(Date.now() - 400 * DAY_MS);

/** History rows only, `count` of them at the given times (one journal entry for them to point at). */
async function seedHistory(ctx: TestContext, userId: string, times: number[], label: string) {
  const entryId = randomUUID();
  await ctx.app.db
    .insertInto('journal_entries')
    .values({ id: entryId, kind: 'test', description: 'pack fixture', created_at: new Date().toISOString() })
    .execute();
  await ctx.app.db
    .insertInto('transactions')
    .values(
      times.map((time, index) => ({
        id: randomUUID(),
        user_id: userId,
        entry_id: entryId,
        type: index % 2 ? 'receive' : 'send',
        amount: BigInt(1000 + index),
        currency: 'USD' as const,
        fee: 0n,
        description: `${label} ${index}`,
        status: 'completed',
        created_at: new Date(time).toISOString(),
      })),
    )
    .execute();
}

const csvRows = (csv: string) => csv.split('\r\n').filter((line) => line !== '');

describeEachDatabase('accountant pack', (ctx) => {
  let ada: Session;
  let ben: Session;
  let adaPack: Awaited<ReturnType<typeof pack>>;
  let adaEntries: Awaited<ReturnType<typeof zipEntries>>;
  const invoices: Record<'paid' | 'sent' | 'draft' | 'oldUnpaid' | 'oldPaidNow', Invoice> = {} as never;
  const pack = (session: Session | null, query: Record<string, string> = period) =>
    request(ctx.app, session, 'GET', `/api/accountant-pack?${new URLSearchParams(query)}`);

  async function invoice(session: Session, status: 'draft' | 'sent' | 'paid', client: string) {
    const created = await request(
      ctx.app,
      session,
      'POST',
      '/api/invoices',
      invoiceBody({ clientName: client }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Invoice).id;
    for (const next of status === 'draft' ? [] : status === 'sent' ? ['sent'] : ['sent', 'paid']) {
      const moved = await request(ctx.app, session, 'PUT', `/api/invoices/${id}/status`, { status: next });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return (await request(ctx.app, session, 'GET', `/api/invoices/${id}`)).json() as Invoice;
  }
  const backdate = (id: string) =>
    ctx.app.db.updateTable('invoices').set({ issue_date: longAgo }).where('id', '=', id).execute();

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    ben = await signUp(ctx.app);
    const hour = 3_600_000;
    // 25 rows inside the period, 3 before it; Ben's rows share Ada's days.
    const inside = Array.from({ length: 25 }, (_, index) => Date.now() - (index + 1) * hour);
    await seedHistory(ctx, ada.user.id, inside, 'Ada row');
    await seedHistory(
      ctx,
      ada.user.id,
      [1, 2, 3].map((n) => Date.now() - (40 + n) * DAY_MS),
      'Ada old',
    );
    await seedHistory(ctx, ben.user.id, inside.slice(0, 5), 'Ben row');

    invoices.paid = await invoice(ada, 'paid', 'Paid Client');
    invoices.sent = await invoice(ada, 'sent', 'Sent Client');
    invoices.draft = await invoice(ada, 'draft', 'Draft Client');
    // Issued long before the period: one paid within it (in), one still unpaid (out).
    invoices.oldPaidNow = await invoice(ada, 'sent', 'Late Payer');
    await backdate(invoices.oldPaidNow.id);
    const paid = await request(ctx.app, ada, 'PUT', `/api/invoices/${invoices.oldPaidNow.id}/status`, {
      status: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    invoices.oldUnpaid = await invoice(ada, 'sent', 'Old Unpaid');
    await backdate(invoices.oldUnpaid.id);
    await invoice(ben, 'paid', 'Ben Client');
    // One pack for the tests that read it (packs are rate limited per user).
    adaPack = await pack(ada);
    adaEntries = adaPack.statusCode === 200 ? await zipEntries(adaPack.rawPayload) : [];
  });

  it('streams one ZIP: README, the history, the invoices, then an index of sizes and hashes', async () => {
    expect(adaPack.statusCode, adaPack.body).toBe(200);
    expect(adaPack.headers['content-type']).toBe('application/zip');
    expect(adaPack.headers['content-disposition']).toBe(
      `attachment; filename="meridian-accountant-pack-${period.from}-to-${period.to}.zip"`,
    );
    const entries = adaEntries;
    const issuedOrder = [invoices.oldPaidNow, invoices.paid, invoices.sent].map(
      (invoice) => `invoices/${invoice.invoiceNumber}.pdf`,
    );
    expect(entries.map((entry) => entry.path)).toEqual([
      'README.txt',
      'history.csv',
      ...issuedOrder,
      'index.csv',
    ]);

    const [header, ...rows] = csvRows(entries.at(-1)!.content.toString());
    expect(header).toBe(accountantPackIndexColumns.join(','));
    expect(rows).toHaveLength(entries.length - 1);
    entries.slice(0, -1).forEach((entry, position) => {
      const [path, bytes, sha256] = rows[position]!.split(',');
      expect(path).toBe(entry.path);
      expect(Number(bytes)).toBe(entry.content.length);
      expect(sha256).toBe(createHash('sha256').update(entry.content).digest('hex'));
    });

    const readme = entries[0]!.content.toString();
    expect(readme).toContain(`Period: ${period.from} to ${period.to}`);
    expect(readme).toContain('invoices/');
  });

  it("holds the period's history as the CSV export writes it, and no one else's", async () => {
    const history = adaEntries.find((entry) => entry.path === 'history.csv')!.content.toString();
    const exported = await request(
      ctx.app,
      ada,
      'GET',
      `/api/transactions/export.csv?${new URLSearchParams({ type: 'all', ...period })}`,
    );
    expect(history).toBe(exported.body);
    const [, ...rows] = csvRows(history);
    // The 25 seeded rows and the two invoice payments of the period (marking paid credits the wallet).
    expect(rows.filter((row) => row.includes('Ada row'))).toHaveLength(25);
    const payments = rows.filter((row) => !row.includes('Ada row'));
    expect(payments.map((row) => row.split(',')[1])).toEqual(['invoice_payment', 'invoice_payment']);
    expect(payments.join()).toContain(invoices.oldPaidNow.invoiceNumber);
    expect(payments.join()).toContain(invoices.paid.invoiceNumber);
    expect(history).not.toContain('Ada old');
    expect(history).not.toContain('Ben');
  });

  it('renders each invoice issued or paid in the period as its client received it', async () => {
    const entries = adaEntries;
    for (const invoice of [invoices.paid, invoices.sent, invoices.oldPaidNow]) {
      const pdf = entries.find((entry) => entry.path === `invoices/${invoice.invoiceNumber}.pdf`)!;
      const text = await pdfText(pdf.content);
      expect(text).toContain(invoice.invoiceNumber);
      expect(text).toContain(invoice.clientName);
    }
    const all = entries.map((entry) => entry.path).join('\n');
    for (const absent of [invoices.draft, invoices.oldUnpaid])
      expect(all).not.toContain(absent.invoiceNumber);
  });

  it("gives Ben only Ben's books", async () => {
    const entries = await zipEntries((await pack(ben)).rawPayload);
    const history = entries.find((entry) => entry.path === 'history.csv')!.content.toString();
    expect(csvRows(history).filter((row) => row.includes('Ben row'))).toHaveLength(5);
    expect(csvRows(history)).toHaveLength(1 + 5 + 1);
    expect(history).not.toContain('Ada');
    const pdfs = entries.filter((entry) => entry.path.startsWith('invoices/'));
    expect(pdfs).toHaveLength(1);
    const text = await pdfText(pdfs[0]!.content);
    expect(text).toContain('Ben Client');
    expect(text).not.toContain('Paid Client');
  });

  it('makes a valid pack of an empty period: README, an empty history and the index', async () => {
    const empty = await pack(ada, { from: '2020-01-01', to: '2020-03-31' });
    const entries = await zipEntries(empty.rawPayload);
    expect(entries.map((entry) => entry.path)).toEqual(['README.txt', 'history.csv', 'index.csv']);
    expect(csvRows(entries[1]!.content.toString())).toHaveLength(1);
  });

  describe('refuses what it cannot answer', () => {
    it('without a session: 401', async () => {
      expect((await pack(null)).statusCode).toBe(401);
    });

    it('bad, reversed or over-long periods: 400 with the field', async () => {
      const longest = dayOf(Date.parse('2024-01-01T00:00:00Z') + (ACCOUNTANT_PACK_MAX_DAYS - 1) * DAY_MS);
      const cases: Array<[Record<string, string>, string]> = [
        [{ from: '2026-01-01' }, 'to'],
        [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
        [{ from: '2026-03-01', to: '2026-02-01' }, 'to'],
        [{ from: '2024-01-01', to: dayOf(Date.parse(`${longest}T00:00:00Z`) + DAY_MS) }, 'to'],
      ];
      for (const [query, field] of cases) {
        const response = await pack(await signUp(ctx.app), query);
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.body).toContain(field);
      }
      const atMost = await pack(await signUp(ctx.app), { from: '2024-01-01', to: longest });
      expect(atMost.statusCode).toBe(200);
    });

    it(`counts packs per user: the ${PACKS_PER_MINUTE + 1}th in a minute is a 429`, async () => {
      const dan = await signUp(ctx.app);
      for (let n = 0; n < PACKS_PER_MINUTE; n++) expect((await pack(dan)).statusCode).toBe(200);
      const refused = await pack(dan);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Another user is counted apart.
      expect((await pack(await signUp(ctx.app))).statusCode).toBe(200);
    });
  });

  it('links to itself from the contract', () => {
    expect(accountantPackUrl(period)).toBe(`/api/accountant-pack?from=${period.from}&to=${period.to}`);
  });
});
