import { expect, it } from 'vitest';
import type { Transaction } from '@contract/transactions';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';

/**
 * The rule itself is the contract's (contract/src/text.ts); this shows it holds where a stranger reads the text:
 * one cent with such a description made the recipient's whole month of CAMT.053 and OFX invalid XML, and a
 * direction override let a payer make a line read as something else.
 */
const refused = [
  ['U+FFFE', 'Invoice \uFFFE paid', /U\+FFFE/],
  ['U+FFFF', 'Invoice \uFFFF paid', /U\+FFFF/],
  ['U+FDD0', 'Invoice \uFDD0 paid', /U\+FDD0/],
  ['a lone surrogate', 'Invoice \uD800 paid', /U\+D800/],
  ['NUL', 'Invoice \u0000 paid', /U\+0000/],
  ['a right-to-left override', 'Invoice \u202Efdp.exe', /direction control \(U\+202E\)/],
  ['an isolate', 'Invoice \u2066paid\u2069', /direction control \(U\+2066\)/],
] as const;

describeEachDatabase('text another person sees', (ctx) => {
  let alice: Session;
  let bob: Session;
  const ready = async () => {
    if (alice) return;
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).USD!.id, '50.00', 'USD');
  };
  const send = (description: string) =>
    request(
      ctx.app,
      alice,
      'POST',
      '/api/transactions',
      {
        amount: '0.01',
        fromCurrency: 'USD',
        toCurrency: 'USD',
        recipientEmail: bob.user.email,
        description,
      },
      newKey(),
    );

  it.each(refused)('refuses %s in a transfer description, moving nothing', async (_label, text, why) => {
    await ready();
    const before = await ledgerSnapshot(ctx.app.db);
    const sent = await send(text);
    expect(sent.statusCode, sent.body).toBe(400);
    expect(sent.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { description: expect.stringMatching(why) },
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    expect((await request(ctx.app, bob, 'GET', '/api/transactions')).json()).toEqual([]);
  });

  it.each(refused)(
    'refuses %s in a name and in invoice fields, storing nothing',
    async (_label, text, why) => {
      await ready();
      const named = await request(ctx.app, alice, 'PATCH', '/api/user', { firstName: `Ali${text}` });
      expect(named.statusCode, named.body).toBe(400);
      expect(named.json().fields.firstName).toMatch(why);
      const recipient = await request(ctx.app, alice, 'POST', '/api/recipients', {
        name: text,
        email: 'payee@example.com',
      });
      expect(recipient.json().fields.name).toMatch(why);
      for (const [field, value] of [
        ['clientName', { clientName: text }],
        ['projectTitle', { projectTitle: text }],
        ['notes', { notes: `Thanks\n${text}` }],
        ['items.0.description', { items: [{ description: text, quantity: '1', unitPrice: '5.00' }] }],
      ] as const) {
        const invoice = await request(ctx.app, alice, 'POST', '/api/invoices', invoiceBody(value));
        expect(invoice.statusCode, field).toBe(400);
        expect(invoice.json().fields[field], field).toMatch(why);
      }
      const user = await ctx.app.db
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', alice.user.id)
        .executeTakeFirstOrThrow();
      expect(user.first_name).toBe('');
      const stored = await ctx.app.db
        .selectFrom('invoices')
        .select('id')
        .where('user_id', '=', alice.user.id)
        .execute();
      expect(stored).toEqual([]);
    },
  );

  it('delivers ordinary text as written, a line separator as a space', async () => {
    await ready();
    const named = await request(ctx.app, alice, 'PATCH', '/api/user', {
      firstName: 'Alice',
      lastName: 'Archer',
    });
    expect(named.statusCode).toBe(200);
    const sent = await send('Invoice \u200Fשלום\u200E\u2028paid 🙂');
    expect(sent.statusCode, sent.body).toBe(201);
    const [received] = (await request(ctx.app, bob, 'GET', '/api/transactions')).json() as Transaction[];
    expect(received).toMatchObject({
      type: 'receive',
      counterparty: 'Alice Archer',
      description: 'Invoice \u200Fשלום\u200E paid 🙂',
    });
  });
});
