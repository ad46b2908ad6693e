import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Category, CategoryTotals, HistoryRow, RuleResult } from '@contract/categories';
import type { Invoice } from '@contract/invoices';
import { parseAmount } from '@contract/money';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, newKey, sendUsd, walletsOf } from '../../test/money';
import { fixedRateSource } from '../../test/rates';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { categoryTotals } from './categories';

/** The API a person uses to move money, so rows are made as in production (on PostgreSQL: ledger_post_entry). */
function moneyMoves(ctx: TestContext) {
  const post = (session: Session, url: string, body: unknown) =>
    request(ctx.app, session, 'POST', url, body, newKey());
  const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 201) => {
    const answer = await response;
    if (answer.statusCode !== status) throw new Error(`${answer.statusCode} ${answer.body}`);
  };
  return {
    deposit: async (session: Session, amount: string) =>
      ok(post(session, `/api/wallets/${(await walletsOf(ctx.app, session)).USD!.id}/deposit`, { amount })),
    send: (from: Session, to: Session, amount: string) => ok(sendUsd(ctx.app, from, to.user.email, amount)),
    convert: (session: Session, amount: string) =>
      ok(post(session, '/api/convert', { amount, from: 'USD', to: 'EUR' })),
    card: async (session: Session) => {
      const card = await request(ctx.app, session, 'POST', '/api/stripe/create-card', { type: 'virtual' });
      if (card.statusCode !== 201) throw new Error(card.body);
      return card.json().id as string;
    },
    buy: (session: Session, cardId: string, merchant: string, category: string, amount = '10.00') =>
      ok(
        post(session, `/api/cards/${cardId}/purchases`, {
          amount,
          currency: 'USD',
          merchant,
          category,
          channel: 'online',
          country: 'US',
        }),
      ),
    goal: async (session: Session) => {
      const goal = await post(session, '/api/savings-goals', {
        title: 'Taxes',
        category: 'Taxes',
        targetAmount: '1000.00',
        currency: 'USD',
        targetDate: `${new Date().getUTCFullYear() + 1}-06-30`,
      });
      if (goal.statusCode !== 201) throw new Error(goal.body);
      const id = goal.json().id as string;
      await ok(post(session, `/api/savings-goals/${id}/contribute`, { amount: '40.00' }));
      await ok(post(session, `/api/savings-goals/${id}/withdraw`, { amount: '15.00' }));
    },
    invoicePaid: async (session: Session, overrides: Record<string, unknown> = {}) => {
      const draft = (await request(ctx.app, session, 'POST', '/api/invoices', invoiceBody(overrides))).json();
      const sent = await request(ctx.app, session, 'PUT', `/api/invoices/${draft.id}/status`, {
        status: 'sent',
      });
      const token = new URL((sent.json() as Invoice).payUrl!).pathname.split('/').pop()!;
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/api/public/invoices/${token}/pay`,
        headers: { 'idempotency-key': randomUUID() },
      });
      if (paid.statusCode !== 200) throw new Error(paid.body);
    },
  };
}

describeEachDatabase('categories', (ctx) => {
  let ada: Session;
  let ben: Session;
  const get = (url: string, session = ada) => request(ctx.app, session, 'GET', url);
  const history = async (session = ada, query = '') =>
    (await get(`/api/transactions?limit=100${query}`, session)).json() as HistoryRow[];
  const categoryOf = async (id: string, session = ada) =>
    (await history(session)).find((row) => row.id === id)!.category;
  const setCategory = (id: string, category: string | null, session = ada) =>
    request(ctx.app, session, 'PUT', `/api/transactions/${id}/category`, { category });
  const addRule = (body: Record<string, unknown>, session = ada) =>
    request(ctx.app, session, 'POST', '/api/categories/rules', body);
  const createCategory = (body: Record<string, unknown>, session = ada) =>
    request(ctx.app, session, 'POST', '/api/categories', body);
  /** Everything this module writes, to prove a refused request changed nothing. */
  const annotations = async () => ({
    categories: await ctx.app.db.selectFrom('categories').selectAll().orderBy('id').execute(),
    rules: await ctx.app.db.selectFrom('category_rules').selectAll().orderBy('id').execute(),
    given: await ctx.app.db
      .selectFrom('transaction_categories')
      .selectAll()
      .orderBy('transaction_id')
      .execute(),
    notes: await ctx.app.db.selectFrom('transaction_notes').selectAll().orderBy('transaction_id').execute(),
  });

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    ben = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, ada)).USD!.id, '2000.00', 'USD');
    await fund(ctx.app.db, (await walletsOf(ctx.app, ben)).USD!.id, '2000.00', 'USD');
  });

  it('lists the built-in categories with their kind and deductibility, then the own ones', async () => {
    const list: Category[] = (await get('/api/categories')).json();
    expect(list.map((category) => category.id)).toEqual([
      'income',
      'software',
      'equipment',
      'travel',
      'meals',
      'fees',
      'taxes',
      'transfers',
      'uncategorised',
    ]);
    expect(list.find((category) => category.id === 'taxes')).toEqual({
      id: 'taxes',
      name: 'Taxes',
      kind: 'tax',
      deductible: false,
      builtIn: true,
    });
  });

  it('guesses each kind of row made through the API from its type and merchant', async () => {
    const moves = moneyMoves(ctx);
    await moves.deposit(ada, '100.00');
    await moves.send(ben, ada, '30.00');
    await moves.send(ada, ben, '20.00');
    await moves.convert(ada, '50.00');
    await moves.goal(ada);
    const card = await moves.card(ada);
    await moves.buy(ada, card, 'Figma', 'software');
    await moves.buy(ada, card, 'Trattoria', 'restaurants');
    await moves.buy(ada, card, 'Rail Co', 'transport');
    await moves.buy(ada, card, 'Corner Shop', 'groceries');
    await moves.invoicePaid(ada);

    const rows = await history(ada);
    const of = (type: string, counterparty?: string) =>
      rows.filter((row) => row.type === type && (!counterparty || row.counterparty === counterparty));
    expect(of('deposit').map((row) => row.category)).toEqual(['transfers']);
    expect(of('receive').map((row) => row.category)).toEqual(['income']);
    expect(of('send').map((row) => row.category)).toEqual(['uncategorised']);
    expect(of('exchange').map((row) => row.category)).toEqual(['transfers']);
    expect(of('savings_deposit').map((row) => row.category)).toEqual(['transfers']);
    expect(of('savings_withdrawal').map((row) => row.category)).toEqual(['transfers']);
    expect(of('invoice_payment').map((row) => row.category)).toEqual(['income']);
    const card_ = Object.fromEntries(of('card_payment').map((row) => [row.counterparty, row.category]));
    expect(card_).toEqual({
      Figma: 'software',
      Trattoria: 'meals',
      'Rail Co': 'travel',
      'Corner Shop': 'uncategorised',
    });
    expect(rows.every((row) => row.note === null)).toBe(true);
  });

  it("guesses the card processor's fee as a fee", async () => {
    // Only Stripe's rail makes this row (payments.stripe.test.ts); here one is written as the ledger would.
    const [someRow] = await history(ada);
    const id = randomUUID();
    await ctx.app.db
      .insertInto('transactions')
      .values({
        id,
        user_id: ada.user.id,
        entry_id: (await ctx.app.db
          .selectFrom('transactions')
          .select('entry_id')
          .where('id', '=', someRow!.id)
          .executeTakeFirstOrThrow())!.entry_id,
        type: 'processing_fee',
        amount: 100n,
        currency: 'USD',
        description: 'Card processing fee',
        status: 'completed',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await categoryOf(id)).toBe('fees');
    await ctx.app.db.deleteFrom('transactions').where('id', '=', id).execute();
  });

  it('a rule guesses rows made after it; applied to the past it files earlier rows; a choice by hand wins', async () => {
    const moves = moneyMoves(ctx);
    await moves.send(ada, ben, '5.00'); // before the rule
    const sends = (await history(ada)).filter((row) => row.type === 'send');
    const [older, oldest] = sends;
    expect(await setCategory(oldest!.id, 'equipment').then((r) => r.statusCode)).toBe(200);

    const created = await addRule({ contains: ben.user.email.toUpperCase(), categoryId: 'software' });
    expect(created.statusCode).toBe(201);
    const { rule, applied } = created.json() as RuleResult;
    expect(applied).toBe(0);
    expect(await categoryOf(older!.id)).toBe('uncategorised');

    await moves.send(ada, ben, '6.00'); // after the rule
    const newest = (await history(ada)).find((row) => row.type === 'send')!;
    expect(newest.category).toBe('software');

    // The same rule again, to the past: the older send is filed; the one chosen by hand stays.
    const past = await request(ctx.app, ada, 'PATCH', `/api/categories/rules/${rule.id}`, {
      categoryId: 'travel',
      applyToPast: true,
    });
    expect(past.statusCode).toBe(200);
    const changed = past.json() as RuleResult;
    expect(changed.rule.id).not.toBe(rule.id);
    expect(changed.applied).toBe(2); // the older send, and the one the first wording guessed
    expect(await categoryOf(older!.id)).toBe('travel');
    expect(await categoryOf(newest.id)).toBe('travel');
    expect(await categoryOf(oldest!.id)).toBe('equipment');
    const rules = (await get('/api/categories/rules')).json();
    expect(rules).toEqual([changed.rule]);

    // Deleted, the rule stops guessing new rows; what it filed stays.
    expect(
      (await request(ctx.app, ada, 'DELETE', `/api/categories/rules/${changed.rule.id}`)).statusCode,
    ).toBe(204);
    await moves.send(ada, ben, '7.00');
    const latest = (await history(ada)).find((row) => row.type === 'send')!;
    expect(latest.category).toBe('uncategorised');
    expect(await categoryOf(older!.id)).toBe('travel');
    expect((await get('/api/categories/rules')).json()).toEqual([]);

    // Back to the guess: the choice by hand is forgotten.
    const reset = await setCategory(oldest!.id, null);
    expect(reset.json()).toEqual({ id: oldest!.id, category: 'uncategorised' });
  });

  it('a rule on the description wins over the merchant guess, the newest rule first', async () => {
    await addRule({ contains: 'trattoria', categoryId: 'travel' });
    await addRule({ contains: 'TRATT', categoryId: 'equipment' });
    const moves = moneyMoves(ctx);
    const card = await moves.card(ada);
    await moves.buy(ada, card, 'Trattoria Roma', 'restaurants');
    const row = (await history(ada)).find((r) => r.counterparty === 'Trattoria Roma')!;
    expect(row.category).toBe('equipment');
    // A percent sign in a rule is a percent sign, not a wildcard.
    const literal = await addRule({ contains: '100%', categoryId: 'travel' });
    expect(literal.statusCode).toBe(201);
    expect(await categoryOf(row.id)).toBe('equipment');
  });

  it('sets and removes a note, says who wrote it, and lists, filters and exports by category', async () => {
    const [row] = await history(ada);
    const note = await request(ctx.app, ada, 'PUT', `/api/transactions/${row!.id}/note`, {
      text: '  Client lunch\r\nwith Ben ',
    });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({
      id: row!.id,
      note: { text: 'Client lunch\nwith Ben', writtenBy: 'owner' },
    });
    expect((await history(ada))[0]!.note).toEqual(note.json().note);
    const cleared = await request(ctx.app, ada, 'PUT', `/api/transactions/${row!.id}/note`, { text: '' });
    expect(cleared.json()).toEqual({ id: row!.id, note: null });
    expect((await history(ada))[0]!.note).toBeNull();

    const all = await history(ada);
    const transfers = await history(ada, '&category=transfers');
    expect(transfers.map((r) => r.id)).toEqual(
      all.filter((r) => r.category === 'transfers').map((r) => r.id),
    );
    expect(transfers.length).toBeGreaterThan(2);
    // Paged: the next page's link keeps the category.
    const first = await get('/api/transactions?limit=1&category=transfers');
    expect(first.headers.link).toContain('category=transfers');

    const csv = (await get('/api/transactions/export.csv?category=income')).body.trim().split('\r\n');
    expect(csv[0]!.split(',').at(-1)).toBe('category');
    expect(csv.length - 1).toBe(all.filter((r) => r.category === 'income').length);
    expect(csv.slice(1).every((line) => line.endsWith(',Income'))).toBe(true);
  });

  it('own categories: made, renamed, refused twice, and deleted with their rules', async () => {
    const made = await createCategory({ name: 'Coworking', kind: 'expense', deductible: true });
    expect(made.statusCode).toBe(201);
    const coworking: Category = made.json();
    expect(coworking).toMatchObject({ name: 'Coworking', kind: 'expense', deductible: true, builtIn: false });
    expect((await createCategory({ name: 'coworking', kind: 'expense' })).statusCode).toBe(409);
    expect((await createCategory({ name: 'Travel', kind: 'expense' })).statusCode).toBe(409);
    expect((await createCategory({ name: 'Coworking', kind: 'expense' }, ben)).statusCode).toBe(201);

    const renamed = await request(ctx.app, ada, 'PATCH', `/api/categories/${coworking.id}`, {
      name: 'Desk rent',
    });
    expect(renamed.json()).toMatchObject({ id: coworking.id, name: 'Desk rent' });
    expect(
      (await request(ctx.app, ada, 'PATCH', '/api/categories/software', { name: 'Apps' })).statusCode,
    ).toBe(422);

    const sends = (await history(ada)).filter((row) => row.type === 'send');
    await setCategory(sends[0]!.id, coworking.id);
    await addRule({ contains: ben.user.email, categoryId: coworking.id, applyToPast: true });
    expect(await categoryOf(sends[1]!.id)).toBe(coworking.id);
    const csv = (await get(`/api/transactions/export.csv?category=${coworking.id}`)).body;
    expect(csv).toContain(',Desk rent\r\n');

    // Deleted: its rules go, and the rows filed under it read their guess again (the second send was made
    // while the first rule into Software stood).
    expect((await request(ctx.app, ada, 'DELETE', `/api/categories/${coworking.id}`)).statusCode).toBe(204);
    expect(await categoryOf(sends[0]!.id)).toBe('uncategorised');
    expect(await categoryOf(sends[1]!.id)).toBe('software');
    const rules = (await get('/api/categories/rules')).json() as { categoryId: string }[];
    expect(rules.map((rule) => rule.categoryId)).not.toContain(coworking.id);
    expect((await get('/api/categories')).json().map((c: Category) => c.id)).not.toContain(coworking.id);
    expect((await request(ctx.app, ada, 'DELETE', '/api/categories/income')).statusCode).toBe(422);
  });

  it("is a 404 on another user's row, category or rule, and changes nothing", async () => {
    const [bensRow] = await history(ben);
    const bens: Category = (await get('/api/categories', ben)).json().find((c: Category) => !c.builtIn);
    const bensRule = (await addRule({ contains: 'x', categoryId: 'travel' }, ben)).json() as RuleResult;
    const [adasRow] = await history(ada);
    const before = await annotations();
    const answers = await Promise.all([
      setCategory(bensRow!.id, 'travel'),
      request(ctx.app, ada, 'PUT', `/api/transactions/${bensRow!.id}/note`, { text: 'mine now' }),
      request(ctx.app, ada, 'PUT', `/api/transactions/${randomUUID()}/note`, { text: 'nobody' }),
      request(ctx.app, ada, 'PATCH', `/api/categories/${bens.id}`, { name: 'Stolen' }),
      request(ctx.app, ada, 'DELETE', `/api/categories/${bens.id}`),
      request(ctx.app, ada, 'PATCH', `/api/categories/rules/${bensRule.rule.id}`, { contains: 'y' }),
      request(ctx.app, ada, 'DELETE', `/api/categories/rules/${bensRule.rule.id}`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // Another user's own category is no category for this user: a 400 naming the field.
    const theirs = await setCategory(adasRow!.id, bens.id);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().fields).toEqual({ category: 'No such category' });
    expect((await addRule({ contains: 'z', categoryId: bens.id })).statusCode).toBe(400);
    expect(await annotations()).toEqual(before);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const [row] = await history(ada);
    const before = await annotations();
    const bad = [
      await createCategory({ name: '', kind: 'expense' }),
      await createCategory({ name: 'x'.repeat(41), kind: 'expense' }),
      await createCategory({ name: 'Tips', kind: 'transfer' }),
      await createCategory({ name: 'Tips', kind: 'income', deductible: true }),
      await createCategory({ name: 'Bad\u0000name', kind: 'expense' }),
      await addRule({ contains: '', categoryId: 'travel' }),
      await addRule({ contains: 'ok', categoryId: 'no-such-category' }),
      await addRule({ contains: 'ok', categoryId: 'travel', applyToPast: 'yes' }),
      await setCategory(row!.id, 'no-such-category'),
      await request(ctx.app, ada, 'PUT', `/api/transactions/${row!.id}/category`, {}),
      await request(ctx.app, ada, 'PUT', `/api/transactions/${row!.id}/note`, { text: 'n'.repeat(1001) }),
      await request(ctx.app, ada, 'PUT', `/api/transactions/${row!.id}/note`, { text: 'tab\there' }),
      await get('/api/categories/totals?from=2026-02-30'),
      await get('/api/categories/totals?from=2026-03-01&to=2026-02-01'),
      await get('/api/categories/totals?from=2000-01-01&to=2026-01-01'),
      await get('/api/transactions?category='),
    ];
    expect(bad.map((answer) => answer.statusCode)).toEqual(bad.map(() => 400));
    expect(await annotations()).toEqual(before);
  });

  it('adds up totals per category and month in the home currency against figures worked by hand', async () => {
    const cleo = await signUp(ctx.app);
    const moves = moneyMoves(ctx);
    await moves.deposit(cleo, '1000.00'); // transfers in 1,000.00
    await moves.send(ben, cleo, '200.00'); // income in 200.00
    await moves.send(cleo, ben, '50.00'); // 50.00 out, and its 2.9% fee 1.45 in Fees
    const card = await moves.card(cleo);
    await moves.buy(cleo, card, 'Figma', 'software', '12.34'); // software out 12.34
    await moves.buy(cleo, card, 'Corner Shop', 'groceries', '3.00'); // uncategorised out 3.00
    await moves.invoicePaid(cleo); // income in 1,155.00 (stamped in USD)
    await moves.goal(cleo); // transfers out 40.00, in 15.00
    const send = (await history(cleo)).find((row) => row.type === 'send')!;
    await setCategory(send.id, 'equipment', cleo);

    const response = await get('/api/categories/totals', cleo);
    expect(response.statusCode).toBe(200);
    const totals: CategoryTotals = response.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(totals).toMatchObject({ currency: 'USD', from: `${today.slice(0, 4)}-01-01`, to: today });
    const figures = Object.fromEntries(
      totals.categories.map((c) => [c.categoryId, [c.moneyIn, c.moneyOut, c.kind, c.deductible]]),
    );
    expect(figures).toEqual({
      income: ['1355.00', '0.00', 'income', false],
      software: ['0.00', '12.34', 'expense', true],
      equipment: ['0.00', '50.00', 'expense', true],
      fees: ['0.00', '1.45', 'expense', true],
      transfers: ['1015.00', '40.00', 'own-transfer', false],
      uncategorised: ['0.00', '3.00', 'expense', false],
    });
    expect(totals.income).toBe('1355.00');
    expect(totals.expenses).toBe('66.79');
    expect(totals.deductibleExpenses).toBe('63.79');
    expect(totals.months).toEqual([{ month: today.slice(0, 7), categories: totals.categories }]);

    // A period that ended before any of it: nothing.
    const empty = (await get('/api/categories/totals?from=2020-01-01&to=2020-12-31', cleo)).json();
    expect(empty).toMatchObject({ income: '0.00', expenses: '0.00', categories: [], months: [] });
  });

  it("values other currencies at today's rate and invoice payments at their stamped home value", async () => {
    const dan = await signUp(ctx.app);
    const moves = moneyMoves(ctx);
    await moves.deposit(dan, '500.00');
    await moves.convert(dan, '100.00'); // transfers: 100.00 out, the EUR in at today's rate; 0.50 fee
    await moves.invoicePaid(dan, { currency: 'EUR' }); // 1,155.00 EUR, stamped in USD when sent
    const [exchange] = (await history(dan)).filter((row) => row.type === 'exchange');
    const stamp = await ctx.app.db
      .selectFrom('invoice_payments')
      .innerJoin('transactions', 'transactions.entry_id', 'invoice_payments.entry_id')
      .select(['invoice_payments.home_currency', 'invoice_payments.home_amount'])
      .where('transactions.user_id', '=', dan.user.id)
      .executeTakeFirstOrThrow();
    expect(stamp.home_currency).toBe('USD');

    const today = new Date().toISOString().slice(0, 10);
    const rates = fixedRateSource({ EUR_USD: '1.5' });
    const totals = await categoryTotals({ db: ctx.app.db, rates }, dan.user.id, 'USD', {
      from: today,
      to: today,
    });
    const eurIn = parseAmount(exchange!.convertedAmount!, 'EUR');
    const figures = Object.fromEntries(
      totals.categories.map((c) => [c.categoryId, { in: c.moneyIn, out: c.moneyOut }]),
    );
    expect(figures).toEqual({
      income: { in: BigInt(stamp.home_amount), out: 0n },
      fees: { in: 0n, out: 50n },
      // 1.5 × the EUR cents, rounded half up (an odd count of cents ends in .5).
      transfers: { in: 50000n + (eurIn * 15n + 5n) / 10n, out: 10000n },
    });
    expect(totals.income).toBe(BigInt(stamp.home_amount));
    expect(totals.expenses).toBe(50n);
  });
});
