import { beforeAll, expect, it } from 'vitest';
import type { Client } from '@contract/clients';
import type { Invoice } from '@contract/invoices';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { isUniqueViolation } from '../../db/unique-violation';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('clients', (ctx) => {
  let ada: Session;
  let ben: Session;
  const add = (payload: unknown, session = ada) => request(ctx.app, session, 'POST', '/api/clients', payload);
  const list = async (session = ada): Promise<Client[]> => {
    const response = await request(ctx.app, session, 'GET', '/api/clients');
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const invoice = async (overrides: Record<string, unknown>, session = ada): Promise<Invoice> => {
    const response = await request(ctx.app, session, 'POST', '/api/invoices', invoiceBody(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const setStatus = async (id: string, status: string) => {
    const response = await request(ctx.app, ada, 'PUT', `/api/invoices/${id}/status`, { status });
    expect(response.statusCode, response.body).toBe(200);
  };
  const invoicesOf = async (clientId: string, session = ada): Promise<Invoice[]> => {
    const response = await request(ctx.app, session, 'GET', `/api/invoices?clientId=${clientId}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    ben = await signUp(ctx.app);
  });

  it('starts empty, then creates a client with its defaults', async () => {
    expect(await list()).toEqual([]);
    const created = await add({ name: '  Dvořák & Co ', email: 'Billing@Dvorak.example' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      name: 'Dvořák & Co',
      email: 'billing@dvorak.example',
      address: '',
      taxId: '',
      currency: 'USD',
      paymentTermsDays: 30,
      language: 'en',
      owed: [],
      openInvoices: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('keeps every field, reads one back, lists by name', async () => {
    const created = await add({
      name: 'Acme GmbH',
      email: 'accounts@acme.example',
      address: 'Hauptstraße 1\r\n10115 Berlin',
      taxId: 'DE123456789',
      currency: 'EUR',
      paymentTermsDays: 14,
      language: 'de',
    });
    expect(created.statusCode).toBe(201);
    const acme = created.json() as Client;
    expect(acme).toMatchObject({ address: 'Hauptstraße 1\n10115 Berlin', currency: 'EUR', language: 'de' });
    const got = await request(ctx.app, ada, 'GET', `/api/clients/${acme.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(acme);
    expect((await list()).map((client) => client.name)).toEqual(['Acme GmbH', 'Dvořák & Co']);
  });

  it.each([
    [{ email: 'nameless@example.com' }, 'name'],
    [{ name: 'No Email' }, 'email'],
    [{ name: 'Bad', email: 'not-an-email' }, 'email'],
    [{ name: 'x'.repeat(121), email: 'long@example.com' }, 'name'],
    [{ name: 'Yen', email: 'yen@example.com', currency: 'JPY' }, 'currency'],
    [{ name: 'Klingon', email: 'k@example.com', language: 'tlh' }, 'language'],
    [{ name: 'Terms', email: 't@example.com', paymentTermsDays: -1 }, 'paymentTermsDays'],
    [{ name: 'Terms', email: 't@example.com', paymentTermsDays: 366 }, 'paymentTermsDays'],
    [{ name: 'Terms', email: 't@example.com', paymentTermsDays: 1.5 }, 'paymentTermsDays'],
    [{ name: 'Tax', email: 'tax@example.com', taxId: 'x'.repeat(51) }, 'taxId'],
  ])('refuses %j with a 400 naming the field', async (payload, field) => {
    const response = await add(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it('refuses a second client with the same email (any case) with a 409, per user', async () => {
    const duplicate = await add({ name: 'Other', email: 'ACCOUNTS@acme.example' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'You already have a client with the email accounts@acme.example',
      fields: { email: 'You already have a client with this email' },
    });
    expect((await add({ name: 'Acme', email: 'accounts@acme.example' }, ben)).statusCode).toBe(201);
    // Changing one client's email to another's is the same conflict.
    const dvorak = (await list()).find((client) => client.name === 'Dvořák & Co')!;
    const moved = await request(ctx.app, ada, 'PATCH', `/api/clients/${dvorak.id}`, {
      email: 'accounts@acme.example',
    });
    expect(moved.statusCode).toBe(409);
  });

  it('knows the unique index refusing an email, on this database, as the 409 a racing edit gets', async () => {
    // Two edits can both pass the service's check before either writes; the index then refuses one, and the
    // service answers that error as the duplicate it is. Here the write goes past the check on purpose.
    const one = (await add({ name: 'Race One', email: 'race-one@example.com' })).json() as { id: string };
    await add({ name: 'Race Two', email: 'race-two@example.com' });
    const refused = await ctx.app.db
      .updateTable('clients')
      .set({ email: 'race-two@example.com' })
      .where('id', '=', one.id)
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(refused)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });

  it('updates only the fields sent', async () => {
    const dvorak = (await list()).find((client) => client.name === 'Dvořák & Co')!;
    const response = await request(ctx.app, ada, 'PATCH', `/api/clients/${dvorak.id}`, {
      paymentTermsDays: 0,
      language: 'fr',
      email: 'BILLING@dvorak.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Dvořák & Co',
      email: 'billing@dvorak.example',
      paymentTermsDays: 0,
      language: 'fr',
      currency: 'USD',
    });
    expect(
      (await request(ctx.app, ada, 'PATCH', `/api/clients/${dvorak.id}`, { language: 'xx' })).statusCode,
    ).toBe(400);
  });

  it("keeps each user's clients their own: another's is a 404 everywhere", async () => {
    const bensClient = (await list(ben))[0]!;
    const url = `/api/clients/${bensClient.id}`;
    expect((await request(ctx.app, ada, 'GET', url)).statusCode).toBe(404);
    expect((await request(ctx.app, ada, 'PATCH', url, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await request(ctx.app, ada, 'DELETE', url)).statusCode).toBe(404);
    expect((await request(ctx.app, ada, 'GET', '/api/clients/no-such-id')).statusCode).toBe(404);
    // Nor can an invoice name it.
    const stolen = await request(
      ctx.app,
      ada,
      'POST',
      '/api/invoices',
      invoiceBody({ clientId: bensClient.id }),
    );
    expect(stolen.statusCode).toBe(404);
    expect((await list(ben))[0]).toMatchObject({ name: 'Acme' });
    expect((await list()).map((client) => client.email)).not.toContain(undefined);
    expect((await request(ctx.app, null, 'GET', '/api/clients')).statusCode).toBe(401);
  });

  it('fills an invoice from the client, keeps the copy, and filters the list by client', async () => {
    const acme = (await list()).find((client) => client.name === 'Acme GmbH')!;
    // Only the client's id: its name, email and address are copied onto the invoice.
    const filled = await invoice({
      clientId: acme.id,
      clientName: undefined,
      clientEmail: undefined,
      clientAddress: undefined,
    });
    expect(filled).toMatchObject({
      clientId: acme.id,
      clientName: 'Acme GmbH',
      clientEmail: 'accounts@acme.example',
      clientAddress: 'Hauptstraße 1\n10115 Berlin',
    });
    // What the form sends wins over the saved client's.
    const typed = await invoice({ clientId: acme.id, clientName: 'Acme GmbH (Berlin office)' });
    expect(typed).toMatchObject({ clientId: acme.id, clientName: 'Acme GmbH (Berlin office)' });
    const other = await invoice({});
    expect(other.clientId).toBeNull();

    expect((await invoicesOf(acme.id)).map((each) => each.id)).toEqual([typed.id, filled.id]);
    expect((await request(ctx.app, ada, 'GET', '/api/invoices')).json()).toHaveLength(3);

    // Without a client a name and email are still needed.
    const nameless = await request(
      ctx.app,
      ada,
      'POST',
      '/api/invoices',
      invoiceBody({ clientName: undefined, clientEmail: undefined }),
    );
    expect(nameless.statusCode).toBe(400);
    expect(Object.keys(nameless.json().fields)).toEqual(
      expect.arrayContaining(['clientName', 'clientEmail']),
    );

    // A draft can be linked to a client afterwards, or unlinked.
    const linked = await request(ctx.app, ada, 'PATCH', `/api/invoices/${other.id}`, { clientId: acme.id });
    expect(linked.json()).toMatchObject({ clientId: acme.id, clientName: 'Acme GmbH' });
    const unlinked = await request(ctx.app, ada, 'PATCH', `/api/invoices/${other.id}`, { clientId: null });
    expect(unlinked.json()).toMatchObject({ clientId: null, clientName: 'Acme GmbH' });
    const bensClient = (await list(ben))[0]!;
    expect(
      (await request(ctx.app, ada, 'PATCH', `/api/invoices/${other.id}`, { clientId: bensClient.id }))
        .statusCode,
    ).toBe(404);
    // Ben filtering by Ada's client sees none of her invoices.
    expect(await invoicesOf(acme.id, ben)).toEqual([]);
  });

  it('sums what each client owes per currency: sent and overdue count, drafts and paid do not', async () => {
    const { id } = (await add({ name: 'Owing Ltd', email: 'owing@example.com', currency: 'GBP' })).json();
    const usd = await invoice({ clientId: id }); // 1,155.00 USD with tax
    const usdToo = await invoice({ clientId: id, items: undefined, amount: '45.00', taxRate: '0' });
    const eur = await invoice({ clientId: id, currency: 'EUR', items: undefined, amount: '99.99' });
    const paid = await invoice({ clientId: id, items: undefined, amount: '500.00' });
    await invoice({ clientId: id, items: undefined, amount: '700.00' }); // stays a draft
    for (const each of [usd, usdToo, eur, paid]) await setStatus(each.id, 'sent');
    await setStatus(paid.id, 'paid');

    const owing = (await list()).find((client) => client.id === id)!;
    expect(owing.owed).toEqual([
      { currency: 'USD', amount: '1200.00' },
      { currency: 'EUR', amount: '109.99' },
    ]);
    expect(owing.openInvoices).toBe(3);
    expect((await request(ctx.app, ada, 'GET', `/api/clients/${id}`)).json()).toMatchObject({
      owed: owing.owed,
      openInvoices: 3,
    });
  });

  it('deletes a client but keeps its invoices as they were sent', async () => {
    const acme = (await list()).find((client) => client.name === 'Acme GmbH')!;
    const before = await invoicesOf(acme.id);
    const deleted = await request(ctx.app, ada, 'DELETE', `/api/clients/${acme.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await request(ctx.app, ada, 'DELETE', `/api/clients/${acme.id}`)).statusCode).toBe(404);
    expect((await request(ctx.app, ada, 'GET', `/api/clients/${acme.id}`)).statusCode).toBe(404);
    for (const kept of before) {
      const again = (await request(ctx.app, ada, 'GET', `/api/invoices/${kept.id}`)).json() as Invoice;
      expect(again).toMatchObject({
        clientId: null,
        clientName: kept.clientName,
        clientEmail: kept.clientEmail,
        clientAddress: kept.clientAddress,
      });
    }
  });
});
