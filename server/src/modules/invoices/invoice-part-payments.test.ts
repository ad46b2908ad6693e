import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { Invoice, PublicInvoice } from '@contract/invoices';
import { Money } from '@contract/money';
import { withMoneyTransaction } from '../../db/money-transaction';
import { AppError } from '../../lib/errors';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';
import { runOverdueInvoices } from './invoice-overdue';
import { recordInvoicePayment } from './invoice-payment';
import * as repo from './invoices.repository';

const tokenOf = (invoice: Invoice) => new URL(invoice.payUrl!).pathname.split('/').pop()!;

describeEachDatabase('invoice deposits and part payments', (ctx) => {
  let ada: Session;
  const create = (overrides: Record<string, unknown> = {}) =>
    request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody(overrides));
  const sendInvoice = async (overrides: Record<string, unknown> = {}) => {
    const draft = await create(overrides);
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.json().id}/status`, {
      status: 'sent',
    });
    expect(sent.statusCode).toBe(200);
    return sent.json() as Invoice;
  };
  const pay = (invoice: Invoice, amount?: string, key = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${tokenOf(invoice)}/pay`,
      headers: { 'idempotency-key': key },
      ...(amount !== undefined && { payload: { amount } }),
    });
  const record = (invoice: Invoice, amount: string, key = randomUUID()) =>
    request(
      ctx.app,
      ada,
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { amount },
      { 'idempotency-key': key },
    );
  const mine = async (invoice: Invoice) =>
    (await request(ctx.app, ada, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice;
  const paymentsSum = async (invoiceId: string) =>
    (
      await ctx.app.db
        .selectFrom('invoice_payments')
        .select('amount')
        .where('invoice_id', '=', invoiceId)
        .execute()
    )
      .map((row) => BigInt(row.amount))
      .reduce((a, b) => a + b, 0n);

  beforeAll(async () => {
    ada = await signUp(ctx.app);
  });

  it('keeps a deposit and a minimum within the total, as a percentage or an amount but not both', async () => {
    const byPercent = (await create({ depositPercent: '30', minimumPayment: '100.00' })).json() as Invoice;
    expect(byPercent.balance).toMatchObject({
      depositAmount: '346.50',
      minimumPayment: '100.00',
      paidAmount: '0.00',
    });
    const preview = await request(ctx.app, ada, 'GET', `/api/invoices/${byPercent.id}/email-preview`);
    expect(preview.json().text).toContain('Deposit due first: $346.50');
    const byAmount = (await create({ depositAmount: '200.00' })).json() as Invoice;
    expect(byAmount.balance.depositAmount).toBe('200.00');
    for (const [body, field] of [
      [{ depositAmount: '1155.01' }, 'depositAmount'],
      [{ minimumPayment: '2000.00' }, 'minimumPayment'],
      [{ depositAmount: '10.00', depositPercent: '10' }, 'depositAmount'],
      [{ depositPercent: '101' }, 'depositPercent'],
    ] as const) {
      const refused = await create(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().fields)).toContain(field);
    }
    // An edit that lowers the total below the deposit is refused; null takes the deposit away.
    const lowered = await request(ctx.app, ada, 'PATCH', `/api/invoices/${byAmount.id}`, {
      items: undefined,
      amount: '100.00',
    });
    expect(lowered.statusCode).toBe(400);
    const cleared = await request(ctx.app, ada, 'PATCH', `/api/invoices/${byAmount.id}`, {
      amount: '100.00',
      depositAmount: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().balance.depositAmount).toBe('0.00');
  });

  it('takes the deposit first, then part payments of at least the minimum, then the rest; never more', async () => {
    const invoice = await sendInvoice({ depositPercent: '30', minimumPayment: '100.00' });
    const shown = (
      await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${tokenOf(invoice)}` })
    ).json() as PublicInvoice;
    expect(shown.balance).toMatchObject({ depositDue: '346.50', dueNow: '346.50', leastNow: '346.50' });

    // Less than the deposit, or more than is due: 422, nothing moves.
    expect((await pay(invoice, '100.00')).statusCode).toBe(422);
    const over = await pay(invoice, '1155.01');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/more than is due/);

    const deposit = (await pay(invoice)).json() as PublicInvoice;
    expect(deposit.status).toBe('partially_paid');
    expect(deposit.balance).toMatchObject({
      paidAmount: '346.50',
      outstandingAmount: '808.50',
      depositDue: '0.00',
      dueNow: '808.50',
      leastNow: '100.00',
    });
    expect(deposit.balance.payments).toEqual([
      { amount: '346.50', via: 'pay_link', paidAt: expect.any(String) },
    ]);

    expect((await pay(invoice, '99.99')).statusCode).toBe(422);
    expect((await pay(invoice, '700.00')).json().balance.outstandingAmount).toBe('108.50');
    // 100.00 is the minimum; then less is left than the minimum: only the whole of it.
    expect((await pay(invoice, '100.00')).json().balance).toMatchObject({
      outstandingAmount: '8.50',
      leastNow: '8.50',
    });
    expect((await pay(invoice, '5.00')).statusCode).toBe(422);
    const paid = (await pay(invoice, '8.50')).json() as PublicInvoice;
    expect(paid).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    expect(paid.balance.payments.map((payment) => payment.amount)).toEqual([
      '346.50',
      '700.00',
      '100.00',
      '8.50',
    ]);
    expect((await pay(invoice, '0.01')).statusCode).toBe(409);

    expect((await walletsOf(ctx.app, ada)).USD!.balance).toBe('1155.00');
    const rows = await ctx.app.db
      .selectFrom('transactions')
      .select('amount')
      .where('user_id', '=', ada.user.id)
      .where('type', '=', 'invoice_payment')
      .execute();
    expect(rows.map((row) => BigInt(row.amount))).toHaveLength(4);
    expect(await paymentsSum(invoice.id)).toBe(115500n);
    expect((await mine(invoice)).balance.paidAmount).toBe('1155.00');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('never lets part payments at the same moment pay more than the total', async () => {
    const invoice = await sendInvoice({ items: undefined, amount: '100.00', taxRate: '0' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(invoice, '30.00')));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.every((code) => code === 200 || code === 409 || code === 422)).toBe(true);
    const after = await mine(invoice);
    expect(after).toMatchObject({ status: 'partially_paid' });
    expect(after.balance).toMatchObject({
      paidAmount: '90.00',
      outstandingAmount: '10.00',
      leastNow: '0.01',
    });
    expect(await paymentsSum(invoice.id)).toBe(9000n);
    // Marked paid by its owner: the rest is recorded, and it is paid.
    const marked = await request(ctx.app, ada, 'PUT', `/api/invoices/${invoice.id}/status`, {
      status: 'paid',
    });
    expect(marked.json()).toMatchObject({ status: 'paid', paidVia: 'manual' });
    expect(marked.json().balance.payments.map((payment: { amount: string }) => payment.amount)).toEqual([
      '30.00',
      '30.00',
      '30.00',
      '10.00',
    ]);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('records a payment the owner received, once per key, and refuses another user’s invoice', async () => {
    const invoice = await sendInvoice({ items: undefined, amount: '500.00', taxRate: '0' });
    const key = randomUUID();
    const first = await record(invoice, '200.00', key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await record(invoice, '200.00', key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ status: 'partially_paid', balance: { paidAmount: '200.00' } });
    expect((await record(invoice, '300.01')).statusCode).toBe(422);
    const missingKey = await request(ctx.app, ada, 'POST', `/api/invoices/${invoice.id}/payments`, {
      amount: '1.00',
    });
    expect(missingKey.statusCode).toBe(400);
    const ben = await signUp(ctx.app);
    const other = await request(
      ctx.app,
      ben,
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { amount: '1.00' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(other.statusCode).toBe(404);
    const rest = await record(invoice, '300.00');
    expect(rest.json()).toMatchObject({ status: 'paid', balance: { outstandingAmount: '0.00' } });
  });

  it('makes a partly paid invoice overdue and reminds the client of what is outstanding', async () => {
    const invoice = await sendInvoice({ items: undefined, amount: '400.00', taxRate: '0' });
    expect((await pay(invoice, '150.00')).statusCode).toBe(200);
    await ctx.app.db
      .updateTable('invoices')
      .set({ due_date: '2026-03-01' })
      .where('id', '=', invoice.id)
      .execute();
    await runOverdueInvoices({
      db: ctx.app.db,
      mailer: ctx.app.mail,
      notifier: ctx.app.notifier,
      reminderDays: [1],
      payUrl: (token) => `http://localhost/pay/${token}`,
      now: () => new Date('2026-03-02T08:00:00Z'),
    });
    const overdue = await mine(invoice);
    expect(overdue.status).toBe('overdue');
    expect(overdue.balance.outstandingAmount).toBe('250.00');
    const reminder = await ctx.app.db
      .selectFrom('mail_outbox')
      .select('body')
      .where('ref', '=', `invoice:${invoice.id}`)
      .where('kind', '=', 'reminder')
      .executeTakeFirstOrThrow();
    expect(reminder.body).toContain('Amount due: $250.00 (of $400.00; $150.00 paid)');
    // A part payment keeps it overdue; the rest settles it.
    expect((await pay(invoice, '50.00')).json().status).toBe('overdue');
    expect((await pay(invoice)).json().status).toBe('paid');
  });

  it('counts what came in on a partly paid invoice as revenue, and only the rest as pending', async () => {
    const cy = await signUp(ctx.app);
    const draft = (
      await request(
        ctx.app,
        cy,
        'POST',
        '/api/invoices',
        invoiceBody({ items: undefined, amount: '400.00', taxRate: '0' }),
      )
    ).json() as Invoice;
    const sent = (
      await request(ctx.app, cy, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' })
    ).json() as Invoice;
    expect((await pay(sent, '150.00')).statusCode).toBe(200);
    const summary = (await request(ctx.app, cy, 'GET', '/api/invoices/summary')).json();
    expect(summary).toMatchObject({
      totalRevenue: '150.00',
      pending: '250.00',
      overdue: '0.00',
      counts: { total: 1, partially_paid: 1, sent: 0 },
    });
  });

  it('shows realised FX: each payment at its own rate against the paid share of the issue-time value', async () => {
    const invoice = await sendInvoice({ currency: 'EUR', items: undefined, amount: '1000.00', taxRate: '0' });
    await ctx.app.db
      .updateTable('invoices')
      .set({ issue_rate: '1.1', issue_home_amount: 110000n, home_currency: 'USD' })
      .where('id', '=', invoice.id)
      .execute();
    const payAt = (amount: string, rate: string, homeAmount: bigint) =>
      withMoneyTransaction(ctx.app.db, async (trx) => {
        const locked = (await repo.findInvoice(trx, ada.user.id, invoice.id, true))!;
        await recordInvoicePayment(trx, { notifier: ctx.app.notifier }, locked, {
          amount: Money.of(BigInt(Math.round(Number(amount) * 100)), 'EUR'),
          via: 'card',
          stamp: { rate, homeAmount },
          credit: true,
          at: new Date().toISOString(),
        });
      });
    await payAt('400.00', '1.2', 48000n);
    // 480.00 − 1,100.00 × 400 / 1,000 = +40.00
    expect((await mine(invoice)).home).toMatchObject({ realisedFx: '40.00', fxGainLoss: null });
    await payAt('600.00', '1.05', 63000n);
    const paid = await mine(invoice);
    // 480.00 + 630.00 − 1,100.00 = +10.00, the same as paid − issued once paid in full.
    expect(paid.home).toMatchObject({ realisedFx: '10.00', fxGainLoss: '10.00', paidAmount: '1110.00' });
    expect(paid.balance.payments.map((payment) => [payment.via, payment.rate, payment.homeAmount])).toEqual([
      ['card', '1.2', '480.00'],
      ['card', '1.05', '630.00'],
    ]);
    expect((await walletsOf(ctx.app, ada)).EUR!.balance).toBe('1000.00');
  });

  it('adds up any sequence of part payments to what was paid, never past the total, with the ledger balanced', async () => {
    const ben = await signUp(ctx.app);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          total: fc.integer({ min: 1, max: 50_000 }),
          deposit: fc.integer({ min: 0, max: 100 }),
          minimum: fc.integer({ min: 0, max: 20_000 }),
          tries: fc.array(fc.integer({ min: 1, max: 60_000 }), { minLength: 1, maxLength: 6 }),
        }),
        async ({ total, deposit, minimum, tries }) => {
          const cents = (minor: number) => Money.of(BigInt(minor), 'USD').format();
          const draft = await request(
            ctx.app,
            ben,
            'POST',
            '/api/invoices',
            invoiceBody({
              items: undefined,
              amount: cents(total),
              taxRate: '0',
              ...(deposit > 0 && { depositPercent: String(deposit) }),
              ...(minimum > 0 && minimum <= total && { minimumPayment: cents(minimum) }),
            }),
          );
          expect(draft.statusCode, draft.body).toBe(201);
          const sent = (
            await request(ctx.app, ben, 'PUT', `/api/invoices/${draft.json().id}/status`, { status: 'sent' })
          ).json() as Invoice;
          let paid = 0n;
          for (const amount of tries) {
            // Straight to recordInvoicePayment, as the pay link and the card rail call it (the pay link's
            // rate limit would stop a long run; the HTTP path is covered above).
            const done = await withMoneyTransaction(ctx.app.db, async (trx) => {
              const locked = (await repo.findInvoice(trx, ben.user.id, sent.id, true))!;
              await recordInvoicePayment(trx, { notifier: ctx.app.notifier }, locked, {
                amount: Money.of(BigInt(amount), 'USD'),
                via: 'pay_link',
                stamp: { rate: '1', homeAmount: BigInt(amount) },
                credit: true,
                at: new Date().toISOString(),
              });
              return true;
            }).catch((error: unknown) => {
              expect(error).toBeInstanceOf(AppError);
              expect(['BUSINESS_RULE', 'CONFLICT']).toContain((error as AppError).code);
              return false;
            });
            if (done) paid += BigInt(amount);
          }
          const row = (await repo.findInvoice(ctx.app.db, ben.user.id, sent.id))!;
          expect(BigInt(row.paid_amount)).toBe(paid);
          expect(paid <= BigInt(total)).toBe(true);
          expect(await paymentsSum(sent.id)).toBe(paid);
          expect(row.status).toBe(paid === BigInt(total) ? 'paid' : paid > 0n ? 'partially_paid' : 'sent');
          const wallet = await ctx.app.db
            .selectFrom('transactions')
            .select((eb) => eb.fn.count('id').as('count'))
            .where('user_id', '=', ben.user.id)
            .where('description', 'like', `%${sent.invoiceNumber}%`)
            .executeTakeFirstOrThrow();
          const rows = await ctx.app.db
            .selectFrom('invoice_payments')
            .select('entry_id')
            .where('invoice_id', '=', sent.id)
            .execute();
          // One history row and one ledger entry per payment.
          expect(Number(wallet.count)).toBe(rows.length);
          expect(rows.every((payment) => payment.entry_id !== null)).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
