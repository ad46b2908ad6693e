import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Invoice, PublicInvoice } from '@contract/invoices';
import { formatAmount, parseAmount } from '@contract/money';
import { request, signUp, type Session } from '../../test/http';
import { ledgerSnapshot, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';
import { runOverdueInvoices } from './invoice-overdue';
import { invoiceBody } from '../../test/invoices';

const tokenOf = (invoice: Invoice) => new URL(invoice.payUrl!).pathname.split('/').pop()!;

describeEachDatabase('invoice pay link and overdue job', (ctx) => {
  let ada: Session;
  const sendInvoice = async (overrides: Record<string, unknown> = {}) => {
    const draft = (
      await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody(overrides))
    ).json() as Invoice;
    const sent = await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' });
    expect(sent.statusCode).toBe(200);
    return sent.json() as Invoice;
  };
  const pay = (token: string, key = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${token}/pay`,
      headers: { 'idempotency-key': key },
    });

  beforeAll(async () => {
    ada = await signUp(ctx.app);
  });

  it('shows a sent invoice to anyone with the link, without a session; a draft or unknown token is a 404', async () => {
    const invoice = await sendInvoice();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${tokenOf(invoice)}` });
    expect(response.statusCode).toBe(200);
    const shown = response.json() as PublicInvoice;
    expect(shown).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      status: 'sent',
      totalAmount: '1155.00',
      canPayOnline: true,
      from: { email: ada.user.email },
    });
    expect(shown).not.toHaveProperty('id');
    expect(shown).not.toHaveProperty('home');

    const draft = (await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody())).json() as Invoice;
    const draftRow = await ctx.app.db
      .selectFrom('invoices')
      .select('pay_token')
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    for (const url of [
      `/api/public/invoices/${draftRow.pay_token}`,
      `/api/public/invoices/${draftRow.pay_token}/pdf`,
      `/api/public/invoices/${'A'.repeat(22)}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await pay(draftRow.pay_token)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/invoices/short' })).statusCode).toBe(400);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${tokenOf(invoice)}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('pays through the link exactly once, even when paid twice at the same moment', async () => {
    const invoice = await sendInvoice({ currency: 'EUR' });
    const before = (await walletsOf(ctx.app, ada)).EUR!.balance;
    const answers = await Promise.all([pay(tokenOf(invoice)), pay(tokenOf(invoice)), pay(tokenOf(invoice))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const paid = answers.find((answer) => answer.statusCode === 200)!.json() as PublicInvoice;
    expect(paid).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    expect(before).toBe('0.00');
    expect((await walletsOf(ctx.app, ada)).EUR!.balance).toBe('1155.00');

    const payments = await ctx.app.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', ada.user.id)
      .where('type', '=', 'invoice_payment')
      .execute();
    expect(payments).toHaveLength(1);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);

    const mine = (await request(ctx.app, ada, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice;
    expect(mine).toMatchObject({ status: 'paid', paidVia: 'pay_link' });
    // Stamped at both moments: the FX gain or loss is the difference, in the home currency.
    expect(mine.home.currency).toBe('USD');
    const gain = parseAmount(mine.home.paidAmount!, 'USD') - parseAmount(mine.home.issueAmount!, 'USD');
    expect(mine.home.fxGainLoss).toBe(formatAmount(gain, 'USD'));

    const notices = (await request(ctx.app, ada, 'GET', '/api/notifications')).json() as Array<{
      title: string;
    }>;
    expect(notices.some((notice) => notice.title === 'Invoice paid')).toBe(true);
  });

  it('answers a retried payment as the first time, and refuses a key reused for another invoice', async () => {
    const invoice = await sendInvoice({ currency: 'GBP', taxRate: '0' });
    const key = randomUUID();
    const first = await pay(tokenOf(invoice), key);
    const again = await pay(tokenOf(invoice), key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await walletsOf(ctx.app, ada)).GBP!.balance).toBe('1050.00');

    const other = await sendInvoice();
    expect((await pay(tokenOf(other), key)).statusCode).toBe(422);
    const missingKey = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${tokenOf(other)}/pay`,
    });
    expect(missingKey.statusCode).toBe(400);
  });

  it("refuses the invoice's owner, signed in, on their own pay link (422), and moves nothing", async () => {
    const invoice = await sendInvoice({ currency: 'USD' });
    const before = await ledgerSnapshot(ctx.app.db);
    const own = await request(
      ctx.app,
      ada,
      'POST',
      `/api/public/invoices/${tokenOf(invoice)}/pay`,
      undefined,
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({
      code: 'BUSINESS_RULE',
      message: 'This is your own invoice: only your client can pay it',
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    // Someone else signed in is a client like any other.
    const client = await signUp(ctx.app);
    const paid = await request(
      ctx.app,
      client,
      'POST',
      `/api/public/invoices/${tokenOf(invoice)}/pay`,
      undefined,
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(paid.statusCode).toBe(200);
  });

  it('counts a paid invoice as a client payment in the earnings analytics', async () => {
    const ben = await signUp(ctx.app);
    const draft = (
      await request(
        ctx.app,
        ben,
        'POST',
        '/api/invoices',
        invoiceBody({ items: undefined, amount: '300.00', taxRate: '0' }),
      )
    ).json() as Invoice;
    const sent = (
      await request(ctx.app, ben, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' })
    ).json();
    expect((await pay(tokenOf(sent as Invoice))).statusCode).toBe(200);
    const analytics = (await request(ctx.app, ben, 'GET', '/api/analytics')).json();
    expect(analytics).toMatchObject({ monthlyEarnings: '300.00', activeClients: 1 });
  });

  it('marks sent invoices past their due date overdue, tells the owner, and reminds the client on the set days', async () => {
    const invoice = await sendInvoice();
    await ctx.app.db
      .updateTable('invoices')
      .set({ due_date: '2026-03-01' })
      .where('id', '=', invoice.id)
      .execute();
    const deps = {
      db: ctx.app.db,
      mailer: ctx.app.mail,
      notifier: ctx.app.notifier,
      reminderDays: [1, 7],
      payUrl: (token: string) => `http://localhost/pay/${token}`,
    };
    const reminders = () =>
      ctx.app.db
        .selectFrom('mail_outbox')
        .select(['subject'])
        .where('ref', '=', `invoice:${invoice.id}`)
        .where('kind', '=', 'reminder')
        .execute();

    // The due day itself: not late yet.
    await runOverdueInvoices({ ...deps, now: () => new Date('2026-03-01T23:00:00Z') });
    expect(
      ((await request(ctx.app, ada, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice).status,
    ).toBe('sent');

    await runOverdueInvoices({ ...deps, now: () => new Date('2026-03-02T08:00:00Z') });
    const overdue = (await request(ctx.app, ada, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice;
    expect(overdue.status).toBe('overdue');
    expect(overdue.email).toMatchObject({ kind: 'reminder', status: 'stored' });
    expect(await reminders()).toHaveLength(1);
    const notices = (await request(ctx.app, ada, 'GET', '/api/notifications')).json() as Array<{
      title: string;
    }>;
    expect(notices.filter((notice) => notice.title === 'Invoice overdue')).toHaveLength(1);

    // Again the same day, and before day 7: nothing new.
    await runOverdueInvoices({ ...deps, now: () => new Date('2026-03-02T09:00:00Z') });
    await runOverdueInvoices({ ...deps, now: () => new Date('2026-03-07T09:00:00Z') });
    expect(await reminders()).toHaveLength(1);
    await runOverdueInvoices({ ...deps, now: () => new Date('2026-03-08T09:00:00Z') });
    expect((await reminders()).map((mail) => mail.subject)).toEqual([
      `Reminder: invoice ${invoice.invoiceNumber} from ${ada.user.email} is overdue`,
      `Reminder: invoice ${invoice.invoiceNumber} from ${ada.user.email} is overdue`,
    ]);
    await runOverdueInvoices({ ...deps, now: () => new Date('2026-04-30T09:00:00Z') });
    expect(await reminders()).toHaveLength(2);

    // An overdue invoice can still be paid, through the link or by hand.
    expect((await pay(tokenOf(invoice))).statusCode).toBe(200);
  });
});

describeEachDatabase(
  'invoices on a server that is not a sandbox',
  (ctx) => {
    it('takes no payment through the link, and a payment marked by hand moves no money', async () => {
      // No sandbox link to follow here: the address is confirmed as the emailed link would.
      const ada = await signUp(ctx.app, undefined, { verified: false });
      await ctx.app.db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('id', '=', ada.user.id)
        .execute();
      const draft = (await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody())).json() as Invoice;
      const sent = (
        await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' })
      ).json();
      const token = tokenOf(sent as Invoice);
      const shown = await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
      expect(shown.json().canPayOnline).toBe(false);
      const paying = await ctx.app.inject({
        method: 'POST',
        url: `/api/public/invoices/${token}/pay`,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(paying.statusCode).toBe(403);

      const marked = await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, {
        status: 'paid',
      });
      expect(marked.json()).toMatchObject({ status: 'paid', paidVia: 'manual' });
      expect((await walletsOf(ctx.app, ada)).USD!.balance).toBe('0.00');
      const entries = await ctx.app.db
        .selectFrom('journal_entries')
        .select('id')
        .where('kind', '=', 'invoice_payment')
        .execute();
      expect(entries).toHaveLength(0);
    });
  },
  { SANDBOX: false },
);
