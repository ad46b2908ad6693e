import { beforeAll, expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { request, signUp, startDemo, type Session } from '../../test/http';
import { ledgerSnapshot, walletsOf } from '../../test/money';
import { pdfText } from '../../test/pdf-text';
import { invoiceBody } from '../../test/invoices';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';

const year = new Date().getUTCFullYear();

describeEachDatabase('invoices', (ctx) => {
  let ada: Session;
  let ben: Session;
  const create = (session: Session, overrides: Record<string, unknown> = {}) =>
    request(ctx.app, session, 'POST', '/api/invoices', invoiceBody(overrides));
  const setStatus = (session: Session, id: string, status: string) =>
    request(ctx.app, session, 'PUT', `/api/invoices/${id}/status`, { status });

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    ben = await signUp(ctx.app);
    await request(ctx.app, ada, 'PATCH', '/api/user', { firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('creates a numbered draft whose lines, tax and total the server works out', async () => {
    const response = await create(ada, {
      invoiceNumber: 'INV-HACKED',
      status: 'paid',
      taxAmount: '999.00',
      totalAmount: '1.00',
    });
    expect(response.statusCode).toBe(201);
    const invoice = response.json() as Invoice;
    expect(invoice).toMatchObject({
      invoiceNumber: `INV-${year}-0001`,
      status: 'draft',
      amount: '1050.00',
      taxRate: '10',
      taxAmount: '105.00',
      totalAmount: '1155.00',
      currency: 'USD',
      clientAddress: '1 Main Street\nSpringfield',
      payUrl: null,
      email: null,
      home: { currency: 'USD', issueRate: null, paidAmount: null },
    });
    expect(invoice.items.map((item) => item.amount)).toEqual(['800.00', '250.00']);
  });

  it("takes the sketch's single amount as one line", async () => {
    const response = await create(ben, { items: undefined, amount: '500.00', taxRate: undefined });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      amount: '500.00',
      totalAmount: '500.00',
      taxRate: '0',
      items: [{ description: 'Website redesign', quantity: '1', unitPrice: '500.00', amount: '500.00' }],
    });
  });

  it('refuses bad input with a 400 that names the field, and changes nothing', async () => {
    const before = await request(ctx.app, ada, 'GET', '/api/invoices');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ clientName: '' }, 'clientName'],
      [{ clientEmail: 'not-an-email' }, 'clientEmail'],
      [{ projectTitle: undefined }, 'projectTitle'],
      [{ items: undefined }, 'amount'],
      [{ items: undefined, amount: 12.5 }, 'amount'],
      [{ currency: 'JPY' }, 'currency'],
      [{ taxRate: '101' }, 'taxRate'],
      [{ dueDate: '2020-01-01' }, 'dueDate'],
      [{ clientName: 'Acme\u0000' }, 'clientName'],
      [{ items: [{ description: 'x', quantity: '0', unitPrice: '1.00' }] }, 'items.0.quantity'],
      [{ items: [{ description: 'x', quantity: '1', unitPrice: '1.001' }] }, 'items.0.unitPrice'],
    ];
    for (const [overrides, field] of cases) {
      const response = await create(ada, overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(overrides)).toContain(field);
    }
    const mismatch = await create(ada, { amount: '1.00' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe('The lines add up to 1050.00, not 1.00');
    expect((await request(ctx.app, ada, 'GET', '/api/invoices')).json()).toHaveLength(before.json().length);
  });

  it('numbers 50 concurrent creates 1 to 50 with no gap or duplicate', async () => {
    const cat = await signUp(ctx.app);
    const responses = await Promise.all(Array.from({ length: 50 }, () => create(cat)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    const numbers = responses.map((response) => (response.json() as Invoice).invoiceNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, index) => `INV-${year}-${String(index + 1).padStart(4, '0')}`),
    );
  });

  it("keeps each user's invoices to themselves: another user's is a 404 on every call", async () => {
    const mine = (await create(ada)).json() as Invoice;
    for (const [method, url, body] of [
      ['GET', `/api/invoices/${mine.id}`],
      ['PATCH', `/api/invoices/${mine.id}`, { notes: 'mine now' }],
      ['PUT', `/api/invoices/${mine.id}/status`, { status: 'sent' }],
      ['DELETE', `/api/invoices/${mine.id}`],
      ['GET', `/api/invoices/${mine.id}/pdf`],
    ] as const) {
      expect((await request(ctx.app, ben, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const bens = (await request(ctx.app, ben, 'GET', '/api/invoices')).json() as Invoice[];
    expect(bens.some((invoice) => invoice.id === mine.id)).toBe(false);
    expect((await request(ctx.app, null, 'GET', '/api/invoices')).statusCode).toBe(401);
  });

  it('edits a draft (figures again), and refuses to edit once sent', async () => {
    const draft = (await create(ada)).json() as Invoice;
    const edited = await request(ctx.app, ada, 'PATCH', `/api/invoices/${draft.id}`, {
      taxRate: '0',
      currency: 'EUR',
      notes: 'Thank you!',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ currency: 'EUR', totalAmount: '1050.00', notes: 'Thank you!' });
    const relined = await request(ctx.app, ada, 'PATCH', `/api/invoices/${draft.id}`, {
      items: [{ description: 'Retainer', quantity: '1', unitPrice: '300.00' }],
    });
    expect(relined.json()).toMatchObject({ amount: '300.00', totalAmount: '300.00', currency: 'EUR' });

    expect((await setStatus(ada, draft.id, 'sent')).statusCode).toBe(200);
    const late = await request(ctx.app, ada, 'PATCH', `/api/invoices/${draft.id}`, { notes: 'changed' });
    expect(late.statusCode).toBe(409);
  });

  it('allows only the legal status moves', async () => {
    const draft = (await create(ada)).json() as Invoice;
    for (const status of ['paid', 'overdue', 'draft']) {
      expect((await setStatus(ada, draft.id, status)).statusCode, `draft → ${status}`).toBe(409);
    }
    expect((await setStatus(ada, draft.id, 'bogus')).statusCode).toBe(400);
    expect((await setStatus(ada, draft.id, 'sent')).statusCode).toBe(200);
    for (const status of ['sent', 'draft', 'overdue']) {
      expect((await setStatus(ada, draft.id, status)).statusCode, `sent → ${status}`).toBe(409);
    }
    expect((await setStatus(ada, draft.id, 'paid')).statusCode).toBe(200);
    for (const status of ['paid', 'sent', 'draft', 'overdue']) {
      expect((await setStatus(ada, draft.id, status)).statusCode, `paid → ${status}`).toBe(409);
    }
  });

  it('sends: dated today, stamped in the home currency, with a pay link and the email in the outbox', async () => {
    await request(ctx.app, ada, 'PATCH', '/api/user', { homeCurrency: 'EUR' });
    const draft = (await create(ada)).json() as Invoice;
    const sent = (await setStatus(ada, draft.id, 'sent')).json() as Invoice;
    expect(sent).toMatchObject({
      status: 'sent',
      issueDate: new Date().toISOString().slice(0, 10),
      sentAt: expect.any(String),
      home: { currency: 'EUR', issueRate: expect.stringMatching(/^0\.9/), paidAmount: null },
      // No mail server in tests: kept in the outbox, and the invoice says so.
      email: { status: 'stored', to: 'billing@acme.example', kind: 'invoice' },
    });
    expect(sent.payUrl).toMatch(/^http:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{22}$/);
    const mail = await ctx.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('ref', '=', `invoice:${sent.id}`)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(`Invoice ${sent.invoiceNumber} from Ada Lovelace`);
    expect(mail.body).toContain(sent.payUrl);
    expect(JSON.parse(mail.attachment!)).toEqual({ kind: 'invoice-pdf', id: sent.id });
    await request(ctx.app, ada, 'PATCH', '/api/user', { homeCurrency: 'USD' });
  });

  it('will not send for an address nobody has confirmed, nor with a due date gone by', async () => {
    const unverified = await signUp(ctx.app, undefined, { verified: false });
    const draft = (await create(unverified)).json() as Invoice;
    const refused = await setStatus(unverified, draft.id, 'sent');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: /Confirm your email/ });

    const stale = (await create(ada)).json() as Invoice;
    await ctx.app.db
      .updateTable('invoices')
      .set({ due_date: '2020-01-01' })
      .where('id', '=', stale.id)
      .execute();
    expect((await setStatus(ada, stale.id, 'sent')).statusCode).toBe(422);
  });

  it('marks a sent invoice paid by hand: the total arrives in the wallet (sandbox) and the ledger holds', async () => {
    const draft = (await create(ada, { currency: 'GBP', taxRate: '0' })).json() as Invoice;
    await setStatus(ada, draft.id, 'sent');
    const before = (await walletsOf(ctx.app, ada)).GBP?.balance ?? '0.00';
    const paid = await setStatus(ada, draft.id, 'paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paidVia: 'manual', paidAt: expect.any(String) });
    expect(before).toBe('0.00');
    expect((await walletsOf(ctx.app, ada)).GBP!.balance).toBe('1050.00');
    const history = (await request(ctx.app, ada, 'GET', '/api/transactions')).json();
    expect(history[0]).toMatchObject({
      type: 'invoice_payment',
      amount: '1050.00',
      currency: 'GBP',
      direction: 'in',
      counterparty: 'Acme Studio',
      counterpartyEmail: 'billing@acme.example',
    });
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('deletes only the newest draft, giving its number back', async () => {
    const dee = await signUp(ctx.app);
    const first = (await create(dee)).json() as Invoice;
    const second = (await create(dee)).json() as Invoice;
    const older = await request(ctx.app, dee, 'DELETE', `/api/invoices/${first.id}`);
    expect(older.statusCode).toBe(409);
    expect(older.json().message).toMatch(/gap/);
    expect((await request(ctx.app, dee, 'DELETE', `/api/invoices/${second.id}`)).statusCode).toBe(204);
    expect(((await create(dee)).json() as Invoice).invoiceNumber).toBe(second.invoiceNumber);
    await setStatus(dee, first.id, 'sent');
    expect((await request(ctx.app, dee, 'DELETE', `/api/invoices/${first.id}`)).statusCode).toBe(409);
  });

  it('tells the client which invoices can be deleted: only the newest draft', async () => {
    const fay = await signUp(ctx.app);
    const first = (await create(fay)).json() as Invoice;
    expect(first.canDelete).toBe(true);
    const second = (await create(fay)).json() as Invoice;
    const listed = (await request(ctx.app, fay, 'GET', '/api/invoices')).json() as Invoice[];
    const byId = new Map(listed.map((invoice) => [invoice.id, invoice.canDelete]));
    expect([byId.get(first.id), byId.get(second.id)]).toEqual([false, true]);
    const olderAnswer = await request(ctx.app, fay, 'DELETE', `/api/invoices/${first.id}`);
    expect(olderAnswer.statusCode).toBe(409);
    const sent = (await setStatus(fay, second.id, 'sent')).json() as Invoice;
    expect(sent.canDelete).toBe(false);
  });

  it('lists newest first, filtered by status and searched by number, client or project', async () => {
    const eve = await signUp(ctx.app);
    const a = (await create(eve, { clientName: 'Globex 50%_off' })).json() as Invoice;
    const b = (await create(eve, { projectTitle: 'Logo' })).json() as Invoice;
    await setStatus(eve, b.id, 'sent');
    const list = async (query: string) =>
      ((await request(ctx.app, eve, 'GET', `/api/invoices${query}`)).json() as Invoice[]).map((i) => i.id);
    expect(await list('')).toEqual([b.id, a.id]);
    expect(await list('?status=sent')).toEqual([b.id]);
    expect(await list('?q=globex')).toEqual([a.id]);
    expect(await list('?q=50%25_')).toEqual([a.id]);
    expect(await list('?q=%25')).toEqual([a.id]);
    expect(await list('?q=logo')).toEqual([b.id]);
    expect(await list(`?q=${b.invoiceNumber}`)).toEqual([b.id]);
    expect((await request(ctx.app, eve, 'GET', '/api/invoices?status=late')).statusCode).toBe(400);
  });

  it('renders a PDF holding the number, client, lines and total', async () => {
    const sent = (await create(ada)).json() as Invoice;
    await setStatus(ada, sent.id, 'sent');
    const response = await request(ctx.app, ada, 'GET', `/api/invoices/${sent.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${sent.invoiceNumber}.pdf"`);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      sent.invoiceNumber,
      'Acme Studio',
      'billing@acme.example',
      'Ada Lovelace',
      'Website redesign',
      'Design',
      '$800.00',
      'Tax (10%)',
      '$1,155.00',
      'Pay online',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('exports every invoice as CSV with the home-currency stamps', async () => {
    const response = await request(ctx.app, ada, 'GET', '/api/invoices/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.split('\r\n').slice(0, -1);
    expect(lines[0]).toBe(
      'number,status,client,client email,project,issue date,due date,currency,amount,tax rate,tax,total,sent at,paid at,home currency,issue rate,home total at issue,paid rate,home total at payment,fx gain/loss,paid,outstanding,realised fx',
    );
    const all = (await request(ctx.app, ada, 'GET', '/api/invoices')).json() as Invoice[];
    expect(lines).toHaveLength(all.length + 1);
    const paid = lines.slice(1).find((line) => line.includes(',paid,'))!;
    expect(paid).toMatch(/,GBP,1050\.00,0,0\.00,1050\.00,/);
  });

  it('exports what the list shows under a status filter and search', async () => {
    for (const query of ['status=paid', 'status=draft', 'q=acme', 'status=sent&q=acme']) {
      const shown = (await request(ctx.app, ada, 'GET', `/api/invoices?${query}`)).json() as Invoice[];
      const response = await request(ctx.app, ada, 'GET', `/api/invoices/export.csv?${query}`);
      expect(response.statusCode, query).toBe(200);
      const numbers = response.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]);
      expect(numbers, query).toEqual(shown.map((invoice) => invoice.invoiceNumber));
    }
    const paidOnly = (await request(ctx.app, ada, 'GET', '/api/invoices/export.csv?status=paid')).body;
    expect(paidOnly.split('\r\n').slice(1, -1).length).toBeGreaterThan(0);
    expect(
      paidOnly
        .split('\r\n')
        .slice(1, -1)
        .every((line) => line.split(',')[1] === 'paid'),
    ).toBe(true);
    expect((await request(ctx.app, ada, 'GET', '/api/invoices/export.csv?status=bogus')).statusCode).toBe(
      400,
    );
  });

  it('sums the cards in the home currency', async () => {
    const fay = await signUp(ctx.app);
    const draft = (await create(fay)).json() as Invoice;
    const sent = (await create(fay, { taxRate: '0' })).json() as Invoice;
    await setStatus(fay, sent.id, 'sent');
    const paid = (await create(fay, { items: undefined, amount: '200.00', taxRate: '0' })).json() as Invoice;
    await setStatus(fay, paid.id, 'sent');
    await setStatus(fay, paid.id, 'paid');
    const summary = await request(ctx.app, fay, 'GET', '/api/invoices/summary');
    expect(summary.json()).toEqual({
      currency: 'USD',
      totalRevenue: '200.00',
      pending: '1050.00',
      overdue: '0.00',
      counts: { total: 3, draft: 1, sent: 1, partially_paid: 0, paid: 1, overdue: 0 },
    });
    void draft;
  });

  it('lets a demo invoice and be paid in play money, emailing nobody', async () => {
    const demo = await startDemo(ctx.app);
    // The demo comes with its open invoices: a draft, a sent one and an overdue one, numbered 1 to 3.
    const seeded = (await request(ctx.app, demo, 'GET', '/api/invoices')).json() as Invoice[];
    expect(seeded.map((invoice) => [invoice.invoiceNumber.slice(-4), invoice.status])).toEqual([
      ['0003', 'draft'],
      ['0002', 'sent'],
      ['0001', 'overdue'],
    ]);
    const draft = (await create(demo)).json() as Invoice;
    const sent = await setStatus(demo, draft.id, 'sent');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().email).toBeNull();
    const before = await ledgerSnapshot(ctx.app.db);
    expect((await setStatus(demo, draft.id, 'paid')).statusCode).toBe(200);
    expect((await ledgerSnapshot(ctx.app.db)).entries).toBe(before.entries + 1);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
