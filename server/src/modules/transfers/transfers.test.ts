import { beforeAll, expect, it } from 'vitest';
import type { Transaction } from '@contract/transactions';
import type { TransferQuote, TransferResponse } from '@contract/transfers';
import { parseAmount } from '@contract/money';
import { request, sessionCookieFrom, verifyEmail, type Session } from '../../test/http';
import { fund, houseBalance, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { convertAtRate, Money, parseRate } from '@contract/money';
import { fixedRateSource } from '../../test/rates';
import { houseAccountId } from '../ledger/house-accounts';
import { verifyLedger } from '../ledger/ledger.verify';
import { createTransfersService } from './transfers.service';

async function register(ctx: TestContext, firstName = '', lastName = ''): Promise<Session> {
  const email = `user-${crypto.randomUUID()}@example.com`;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'correct horse battery', firstName, lastName },
  });
  expect(response.statusCode).toBe(201);
  const session = { cookie: sessionCookieFrom(response.headers), user: response.json().user };
  await verifyEmail(ctx.app, session);
  return session;
}

const historyOf = async (ctx: TestContext, session: Session): Promise<Transaction[]> =>
  (await request(ctx.app, session, 'GET', '/api/transactions?limit=100')).json();

describeEachDatabase('send money', (ctx) => {
  let alice: Session;
  let bob: Session;
  const send = (payload: unknown, headers: Record<string, string> = newKey(), session = alice) =>
    request(ctx.app, session, 'POST', '/api/transactions', payload, headers);
  const sketch = (overrides: Record<string, unknown> = {}) => ({
    type: 'send',
    amount: '100.00',
    currency: 'USD',
    fromCurrency: 'USD',
    toCurrency: 'USD',
    recipientEmail: bob.user.email,
    description: 'Design work',
    status: 'completed',
    ...overrides,
  });

  beforeAll(async () => {
    alice = await register(ctx, 'Alice', 'Archer');
    bob = await register(ctx, 'Bob', 'Baker');
    const wallets = await walletsOf(ctx.app, alice);
    await fund(ctx.app.db, wallets.USD!.id, '1000.00', 'USD');
    await fund(ctx.app.db, wallets.EUR!.id, '500.00', 'EUR');
  });

  it('pays a Meridian user instantly: amount + 2.9% fee out in one entry, a receive row for them', async () => {
    const feesBefore = await houseBalance(ctx.app.db, houseAccountId('fees', 'USD'));
    const response = await send(sketch({ recipientEmail: bob.user.email.toUpperCase() }));
    expect(response.statusCode).toBe(201);
    const body: TransferResponse = response.json();
    expect(body).toMatchObject({
      type: 'send',
      direction: 'out',
      amount: '100.00',
      currency: 'USD',
      fee: '2.90',
      total: '102.90',
      fromCurrency: 'USD',
      toCurrency: 'USD',
      exchangeRate: null,
      convertedAmount: '100.00',
      recipientEmail: bob.user.email,
      counterparty: 'Bob Baker',
      description: 'Design work',
      status: 'completed',
    });
    expect((await walletsOf(ctx.app, alice)).USD!.balance).toBe('897.10');
    expect((await walletsOf(ctx.app, bob)).USD!.balance).toBe('100.00');
    expect((await houseBalance(ctx.app.db, houseAccountId('fees', 'USD'))) - feesBefore).toBe(290n);

    const postings = await ctx.app.db
      .selectFrom('transactions')
      .innerJoin('postings', 'postings.entry_id', 'transactions.entry_id')
      .select(['postings.account_id', 'postings.amount'])
      .where('transactions.id', '=', body.id)
      .execute();
    const aliceUsd = (await walletsOf(ctx.app, alice)).USD!.id;
    const bobUsd = (await walletsOf(ctx.app, bob)).USD!.id;
    expect(Object.fromEntries(postings.map((p) => [p.account_id, p.amount]))).toEqual({
      [aliceUsd]: -10290n,
      [houseAccountId('fees', 'USD')]: 290n,
      [bobUsd]: 10000n,
    });

    const [received] = await historyOf(ctx, bob);
    expect(received).toMatchObject({
      type: 'receive',
      direction: 'in',
      amount: '100.00',
      currency: 'USD',
      fee: '0.00',
      counterparty: 'Alice Archer',
      counterpartyEmail: alice.user.email,
      description: 'Design work',
      status: 'completed',
    });
    expect(body.delivery).toBe('instant');
    // The answer is the history row plus what only the answer carries (the total and how it was delivered);
    // the history adds what the books say of the row: its category, guessed, and no note yet.
    expect((await historyOf(ctx, alice))[0]).toEqual({
      ...Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'total' && key !== 'delivery')),
      category: 'uncategorised',
      note: null,
    });
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('converts at the live rate through the FX pool and opens the wallet the recipient lacks', async () => {
    expect((await walletsOf(ctx.app, bob)).GBP).toBeUndefined();
    const response = await send(sketch({ amount: '200.00', toCurrency: 'GBP', description: undefined }));
    expect(response.statusCode).toBe(201);
    const body: TransferResponse = response.json();
    const expected = convertAtRate(
      Money.of(20000n, 'USD'),
      'GBP',
      parseRate(body.exchangeRate!),
      'down',
    ).minor;
    expect(body).toMatchObject({
      fee: '5.80',
      total: '205.80',
      toCurrency: 'GBP',
      description: 'Money Transfer',
    });
    expect(parseAmount(body.convertedAmount!, 'GBP')).toBe(expected);
    const bobs = await walletsOf(ctx.app, bob);
    expect(parseAmount(bobs.GBP!.balance, 'GBP')).toBe(expected);
    expect((await historyOf(ctx, bob))[0]).toMatchObject({
      type: 'receive',
      currency: 'GBP',
      amount: body.convertedAmount,
      fromCurrency: 'USD',
      toCurrency: 'GBP',
      exchangeRate: body.exchangeRate,
    });
    expect((await walletsOf(ctx.app, alice)).USD!.balance).toBe('691.30');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('holds money for an address no verified account has, in held_transfers, and tells its owner', async () => {
    const heldBefore = await houseBalance(ctx.app.db, houseAccountId('held_transfers', 'EUR'));
    const response = await send(
      sketch({
        amount: '50',
        currency: 'EUR',
        fromCurrency: 'EUR',
        toCurrency: 'EUR',
        recipientEmail: 'Carol@Outside.Example',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'pending',
      delivery: 'held',
      amount: '50.00',
      fee: '1.45',
      total: '51.45',
      recipientEmail: 'carol@outside.example',
      counterparty: 'carol@outside.example',
    });
    expect((await houseBalance(ctx.app.db, houseAccountId('held_transfers', 'EUR'))) - heldBefore).toBe(
      5000n,
    );
    expect((await walletsOf(ctx.app, alice)).EUR!.balance).toBe('448.55');
    const held = await ctx.app.db
      .selectFrom('held_transfers')
      .selectAll()
      .where('transaction_id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(held).toMatchObject({
      status: 'held',
      currency: 'EUR',
      amount: 5000n,
      sender_id: alice.user.id,
      recipient_email: 'carol@outside.example',
    });
    const days = (Date.parse(held.return_at) - Date.parse(held.created_at)) / 86_400_000;
    expect(days).toBe(ctx.config.HELD_TRANSFER_RETURN_DAYS);
    const invite = await ctx.app.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body'])
      .where('to_address', '=', 'carol@outside.example')
      .executeTakeFirstOrThrow();
    expect(invite.subject).toBe('Alice Archer sent you 50.00 EUR on Meridian');
    expect(await ctx.app.db.selectFrom('payouts').selectAll().execute()).toEqual([]);
  });

  it('converts a held payment into the currency the payee gets', async () => {
    const response = await send(
      sketch({ amount: '10.00', toCurrency: 'CAD', recipientEmail: 'dan@outside.example' }),
    );
    expect(response.statusCode).toBe(201);
    const body: TransferResponse = response.json();
    expect(body.status).toBe('pending');
    const held = await ctx.app.db
      .selectFrom('held_transfers')
      .select(['currency', 'amount'])
      .where('transaction_id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({ currency: 'CAD', amount: parseAmount(body.convertedAmount!, 'CAD') });
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('ignores a client-sent status', async () => {
    const response = await send(sketch({ amount: '1.00', recipientEmail: 'erin@outside.example' }));
    expect(response.json().status).toBe('pending');
  });

  it('answers a retried transfer with the first response and moves money once', async () => {
    const key = newKey();
    const before = (await walletsOf(ctx.app, alice)).USD!.balance;
    const first = await send(sketch({ amount: '10.00' }), key);
    const retry = await send(sketch({ amount: '10.00' }), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(parseAmount((await walletsOf(ctx.app, alice)).USD!.balance, 'USD')).toBe(
      parseAmount(before, 'USD') - 1029n,
    );
    const snapshot = await ledgerSnapshot(ctx.app.db);
    const reused = await send(sketch({ amount: '11.00' }), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
  });

  it('moves money once when the same key arrives concurrently', async () => {
    const key = newKey();
    const before = (await walletsOf(ctx.app, bob)).USD!.balance;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => send(sketch({ amount: '1.00' }), key)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(parseAmount((await walletsOf(ctx.app, bob)).USD!.balance, 'USD')).toBe(
      parseAmount(before, 'USD') + 100n,
    );
  });

  it('keeps every balance exact under concurrent transfers both ways', async () => {
    const carol = await register(ctx);
    const dave = await register(ctx);
    await fund(ctx.app.db, (await walletsOf(ctx.app, carol)).USD!.id, '100.00', 'USD');
    await fund(ctx.app.db, (await walletsOf(ctx.app, dave)).USD!.id, '100.00', 'USD');
    const payload = (to: Session) => sketch({ amount: '1.00', recipientEmail: to.user.email });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? send(payload(dave), newKey(), carol) : send(payload(carol), newKey(), dave),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    // Each sent 10 × 1.03 and received 10 × 1.00.
    expect((await walletsOf(ctx.app, carol)).USD!.balance).toBe('99.70');
    expect((await walletsOf(ctx.app, dave)).USD!.balance).toBe('99.70');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('refuses an overdraft (the fee counts) with 422 and changes nothing', async () => {
    const poor = await register(ctx);
    await fund(ctx.app.db, (await walletsOf(ctx.app, poor)).USD!.id, '100.00', 'USD');
    const before = await ledgerSnapshot(ctx.app.db);
    for (const amount of ['100.00', '97.19', '1000000']) {
      const response = await send(sketch({ amount }), newKey(), poor);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    // 97.18 + 2.82 fee = 100.00: exactly everything.
    expect((await send(sketch({ amount: '97.18' }), newKey(), poor)).statusCode).toBe(201);
    expect((await walletsOf(ctx.app, poor)).USD!.balance).toBe('0.00');
  });

  it('refuses sending to yourself, in any currency, pointing to Convert', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    for (const payload of [
      sketch({ recipientEmail: alice.user.email }),
      sketch({ recipientEmail: ` ${alice.user.email.toUpperCase()} ` }),
      sketch({ recipientEmail: alice.user.email, toCurrency: 'EUR' }),
    ]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'BUSINESS_RULE',
        message: expect.stringMatching(/Convert/),
      });
    }
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('refuses a source currency the sender has no wallet in', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const response = await send(sketch({ currency: 'CHF', fromCurrency: 'CHF' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      fields: { fromCurrency: 'No CHF wallet' },
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it.each([
    ['amount "abc"', { amount: 'abc' }, 'amount'],
    ['amount "-1"', { amount: '-1' }, 'amount'],
    ['amount "0"', { amount: '0' }, 'amount'],
    ['amount "0.00"', { amount: '0.00' }, 'amount'],
    ['amount "1.001" USD', { amount: '1.001' }, 'amount'],
    ['amount "1e5"', { amount: '1e5' }, 'amount'],
    ['amount "NaN"', { amount: 'NaN' }, 'amount'],
    ['amount ""', { amount: '' }, 'amount'],
    ['a JSON number', { amount: 100 }, 'amount'],
    ['a missing amount', { amount: undefined }, 'amount'],
    ['an absurd amount', { amount: '99999999999999999999' }, 'amount'],
    ['unsupported currency', { currency: 'DOGE', fromCurrency: 'DOGE' }, 'currency'],
    ['unsupported toCurrency', { toCurrency: 'XYZ' }, 'toCurrency'],
    ['currency ≠ fromCurrency', { currency: 'EUR' }, 'currency'],
    ['no source currency', { currency: undefined, fromCurrency: undefined }, 'fromCurrency'],
    ['recipient not an email', { recipientEmail: 'bob' }, 'recipientEmail'],
    ['recipient a phone number', { recipientEmail: '+44 20 7946 0958' }, 'recipientEmail'],
    ['recipient two emails', { recipientEmail: 'a@example.com,b@example.com' }, 'recipientEmail'],
    ['recipient empty', { recipientEmail: '' }, 'recipientEmail'],
    ['recipient a number', { recipientEmail: 42 }, 'recipientEmail'],
    ['recipient missing', { recipientEmail: undefined }, 'recipientEmail'],
    ['description too long', { description: 'x'.repeat(141) }, 'description'],
    ['description not text', { description: { text: 'hi' } }, 'description'],
    ['another type', { type: 'receive' }, 'type'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_, overrides, field) => {
    const before = await ledgerSnapshot(ctx.app.db);
    const response = await send(sketch(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: expect.any(String) },
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('refuses a 1 MB description (413), a missing or non-UUID key (400), and changes nothing', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const huge = await send(sketch({ description: 'x'.repeat(1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const missing = await send(sketch(), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Idempotency-Key header is required/);
    const malformed = await send(sketch(), { 'idempotency-key': 'transfer-1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Idempotency-Key must be a UUID');
    expect((await request(ctx.app, null, 'POST', '/api/transactions', sketch(), newKey())).statusCode).toBe(
      401,
    );
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('accepts the amount in `currency` alone, and defaults toCurrency to the source', async () => {
    const response = await send({ amount: '2', currency: 'EUR', recipientEmail: bob.user.email });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      currency: 'EUR',
      toCurrency: 'EUR',
      amount: '2.00',
      fee: '0.06',
    });
  });

  it("never shows one user's transfers to another", async () => {
    const eve = await register(ctx);
    expect(await historyOf(ctx, eve)).toEqual([]);
    const bobsIds = new Set((await historyOf(ctx, bob)).map((t) => t.id));
    const alicesIds = (await historyOf(ctx, alice)).map((t) => t.id);
    expect(alicesIds.filter((id) => bobsIds.has(id))).toEqual([]);
    expect((await historyOf(ctx, bob)).every((t) => t.type === 'receive')).toBe(true);
  });

  it('quotes fee, total and what the recipient gets, moving nothing', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const same = await request(ctx.app, alice, 'POST', '/api/transactions/quote', {
      amount: '1000',
      fromCurrency: 'USD',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      amount: '1000.00',
      fee: '29.00',
      total: '1029.00',
      convertedAmount: '1000.00',
      toCurrency: 'USD',
      rate: null,
    });
    const cross = await request(ctx.app, alice, 'POST', '/api/transactions/quote', {
      amount: '0.10',
      fromCurrency: 'USD',
      toCurrency: 'EUR',
    });
    const quote: TransferQuote = cross.json();
    // 2.9% of 0.10 is 0.0029, rounded up to a whole cent.
    expect(quote).toMatchObject({ fee: '0.01', total: '0.11', rounding: expect.stringMatching(/favour/) });
    expect(parseAmount(quote.convertedAmount, 'EUR')).toBe(
      convertAtRate(Money.of(10n, 'USD'), 'EUR', parseRate(quote.rate!), 'down').minor,
    );
    const nothing = await request(ctx.app, alice, 'POST', '/api/transactions/quote', {
      amount: '0.01',
      fromCurrency: 'USD',
      toCurrency: 'EUR',
    });
    expect(nothing.statusCode).toBe(422);
    const bad = await request(ctx.app, alice, 'POST', '/api/transactions/quote', {
      amount: '1.001',
      fromCurrency: 'USD',
    });
    expect(bad.statusCode).toBe(400);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });
});

describeEachDatabase('send money at a fixed rate', (ctx) => {
  it('gives exact figures and refuses an amount that arrives as nothing', async () => {
    const alice = await register(ctx, 'Alice');
    const bob = await register(ctx);
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).EUR!.id, '1000.00', 'EUR');
    const transfers = createTransfersService({
      db: ctx.app.db,
      rates: fixedRateSource({ EUR_JPY: '161.237', BTC_JPY: '4500000' }),
      mailer: ctx.app.mail,
      notifier: ctx.app.notifier,
      config: ctx.config,
      limits: ctx.app.spendingLimits,
    });
    const idempotency = () => ({ userId: alice.user.id, key: crypto.randomUUID(), fingerprint: 'test' });
    const body = { fromCurrency: 'EUR' as const, recipientEmail: bob.user.email, description: 'Fixed' };
    const result = await transfers.send(idempotency(), { ...body, amount: '123.45', toCurrency: 'JPY' });
    // 123.45 × 161.237 = 19904.70765 → 19904 JPY (down); fee 3.58005 → 3.59 EUR (up).
    expect(result.body).toMatchObject({
      convertedAmount: '19904',
      fee: '3.59',
      total: '127.04',
      exchangeRate: '161.237',
    });
    expect((await walletsOf(ctx.app, bob)).JPY!.balance).toBe('19904');
    expect((await walletsOf(ctx.app, alice)).EUR!.balance).toBe('872.96');

    const before = await ledgerSnapshot(ctx.app.db);
    // 1 satoshi × 4 500 000 = 0.045 JPY → 0 yen.
    await expect(
      transfers.send(idempotency(), {
        ...body,
        fromCurrency: 'BTC',
        amount: '0.00000001',
        toCurrency: 'JPY',
      }),
    ).rejects.toMatchObject({ code: 'BUSINESS_RULE' });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
