import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { request, startDemo, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { ledgerSnapshot, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';

const tokenOf = (invoice: Invoice) => new URL(invoice.payUrl!).pathname.split('/').pop()!;
const lines = (quantity: string, unitPrice: string) => ({
  taxRate: '0',
  items: [{ description: 'Everything', quantity, unitPrice }],
});

/**
 * An owner invoicing 9,000 × 9,999,999,999,999.99 twice and paying both through the pay link would take a
 * balance past 64 bits (a float on SQLite, a 500 on PostgreSQL); 1,000,000 × that price overflows a line. Each
 * currency has a ceiling (5,000,000,000.00 USD), so both are refused before anything is written.
 */
describeEachDatabase('invoice amounts have a ceiling', (ctx) => {
  let demo: Session;
  const create = (body: Record<string, unknown>) =>
    request(ctx.app, demo, 'POST', '/api/invoices', invoiceBody(body));
  const sendInvoice = async (body: Record<string, unknown>) => {
    const draft = await create(body);
    expect(draft.statusCode).toBe(201);
    const sent = await request(ctx.app, demo, 'PUT', `/api/invoices/${draft.json().id}/status`, {
      status: 'sent',
    });
    expect(sent.statusCode).toBe(200);
    return sent.json() as Invoice;
  };
  const pay = (invoice: Invoice, payer: Session | null = null) =>
    request(ctx.app, payer, 'POST', `/api/public/invoices/${tokenOf(invoice)}/pay`, undefined, {
      'idempotency-key': randomUUID(),
    });

  beforeAll(async () => {
    demo = await startDemo(ctx.app);
  });

  it("refuses the issue's invoices with a 400 that names the field, and a line or total past the ceiling", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [lines('9000', '9999999999999.99'), 'items.0.unitPrice', /too large|at most 5,000,000,000.00 USD/],
      [lines('1000000', '9999999999999.99'), 'items.0.unitPrice', /too large|at most 5,000,000,000.00 USD/],
      [lines('9000', '999999.99'), 'items.0.quantity', /^A line can be at most 5,000,000,000.00 USD$/],
      [
        { taxRate: '10', items: [{ description: 'All', quantity: '1', unitPrice: '4600000000' }] },
        'items',
        /^The total with tax can be at most 5,000,000,000.00 USD$/,
      ],
      [{ items: undefined, amount: '5000000000.01' }, 'amount', /at most 5,000,000,000.00 USD/],
      [{ currency: 'BTC', ...lines('2', '60000') }, 'items.0.quantity', /at most 100,000.00000000 BTC/],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().fields[field]).toMatch(message);
    }

    // An edit is held to the same ceiling, in the currency the invoice has or gets.
    const draft = (await create(lines('1', '100'))).json() as Invoice;
    const edited = await request(ctx.app, demo, 'PATCH', `/api/invoices/${draft.id}`, {
      currency: 'BTC',
      items: [{ description: 'Coins', quantity: '1', unitPrice: '100000.5' }],
    });
    expect(edited.statusCode).toBe(400);
    expect(Object.keys(edited.json().fields)).toEqual(['items.0.unitPrice']);
    expect((await create(lines('1', '5000000000'))).statusCode).toBe(201);
  });

  it('stops paid invoices at the balance ceiling: the payment that would pass it is a 422 and writes nothing', async () => {
    const usd = async () => (await walletsOf(ctx.app, demo)).USD!.balance;
    const first = await sendInvoice(lines('1', '2500000000'));
    const second = await sendInvoice(lines('1', '2500000000'));
    expect((await pay(first)).statusCode).toBe(200);
    const balance = await usd();
    expect(Number(balance)).toBeGreaterThan(2_500_000_000);

    const before = await ledgerSnapshot(ctx.app.db);
    const refused = await pay(second);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: expect.stringMatching(
        /^This payment would take a balance past the ceiling: a balance can be at most 5,000,000,000.00 USD$/,
      ),
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    expect(await usd()).toBe(balance);
    const stillOpen = await request(ctx.app, demo, 'GET', `/api/invoices/${second.id}`);
    expect(stillOpen.json().status).toBe('sent');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('refuses, without a 500, an invoice stored past the ceiling before there was one', async () => {
    const invoice = await sendInvoice(lines('1', '100'));
    // 9,000 × 9,999,999,999,999.99: what the invoices held.
    const huge = 9000n * 999_999_999_999_999n;
    await ctx.app.db
      .updateTable('invoices')
      .set({ amount: huge, tax_amount: 0n, total_amount: huge })
      .where('id', '=', invoice.id)
      .execute();
    const before = await ledgerSnapshot(ctx.app.db);
    const refused = await pay(invoice);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/at most 5,000,000,000.00 USD/);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    // The user's pages still answer.
    for (const url of ['/api/wallets', '/api/invoices/summary', '/api/invoices']) {
      expect((await request(ctx.app, demo, 'GET', url)).statusCode, url).toBe(200);
    }
  });
});
