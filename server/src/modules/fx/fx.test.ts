import { beforeAll, expect, it } from 'vitest';
import type { Conversion, ConversionQuote, ConvertResponse } from '@contract/fx';
import { parseAmount } from '@contract/money';
import { request, signUp, type Session } from '../../test/http';
import { fund, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { houseAccountId } from '../ledger/house-accounts';
import { verifyLedger } from '../ledger/ledger.verify';
import { convertAtRate, Money, parseRate } from '@contract/money';
import { createFxService } from './fx.service';
import { fixedRateSource } from '../../test/rates';

describeEachDatabase('convert', (ctx) => {
  let alice: Session;
  const convert = (payload: unknown, headers = newKey()) =>
    request(ctx.app, alice, 'POST', '/api/convert', payload, headers);

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).USD!.id, '2000.00', 'USD');
  });

  it('quotes at the live rate with the fee on top, and moves nothing', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const response = await request(ctx.app, alice, 'POST', '/api/convert/quote', {
      amount: '1000',
      from: 'USD',
      to: 'EUR',
    });
    expect(response.statusCode).toBe(200);
    const quote: Conversion = response.json();
    const expected = convertAtRate(Money.of(100000n, 'USD'), 'EUR', parseRate(quote.rate), 'down').minor;
    expect(quote).toMatchObject({
      originalAmount: '1000.00',
      from: 'USD',
      to: 'EUR',
      fees: '5.00',
      total: '1005.00',
    });
    expect(parseAmount(quote.convertedAmount, 'EUR')).toBe(expected);
    expect(quote.rounding).toMatch(/favour/);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('exchanges in one entry through the FX liquidity accounts and opens the target wallet', async () => {
    const response = await convert({ amount: '100.00', from: 'USD', to: 'GBP' });
    expect(response.statusCode).toBe(201);
    const body: ConvertResponse = response.json();
    expect(body.transaction).toMatchObject({
      type: 'exchange',
      amount: '100.00',
      fee: '0.50',
      fromCurrency: 'USD',
      toCurrency: 'GBP',
      exchangeRate: body.rate,
      convertedAmount: body.convertedAmount,
    });
    const wallets = await walletsOf(ctx.app, alice);
    expect(wallets.USD!.balance).toBe('1899.50');
    expect(wallets.GBP!.balance).toBe(body.convertedAmount);

    const entry = await ctx.app.db
      .selectFrom('transactions')
      .innerJoin('postings', 'postings.entry_id', 'transactions.entry_id')
      .select(['postings.account_id', 'postings.amount'])
      .where('transactions.id', '=', body.transaction.id)
      .execute();
    const gbp = parseAmount(body.convertedAmount, 'GBP');
    expect(Object.fromEntries(entry.map((posting) => [posting.account_id, posting.amount]))).toEqual({
      [wallets.USD!.id]: -10050n,
      [houseAccountId('fx_liquidity', 'USD')]: 10000n,
      [houseAccountId('fees', 'USD')]: 50n,
      [houseAccountId('fx_liquidity', 'GBP')]: -gbp,
      [wallets.GBP!.id]: gbp,
    });
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('replays a retried conversion instead of converting twice', async () => {
    const key = newKey();
    const first = await convert({ amount: '10.00', from: 'USD', to: 'EUR' }, key);
    const retry = await convert({ amount: '10.00', from: 'USD', to: 'EUR' }, key);
    expect(retry.json()).toEqual(first.json());
    expect((await walletsOf(ctx.app, alice)).USD!.balance).toBe('1889.45');
    expect((await convert({ from: 'USD', to: 'EUR', amount: '10.00' }, key)).statusCode).toBe(201);
    expect((await convert({ amount: '10.00', from: 'USD', to: 'BTC' }, key)).statusCode).toBe(422);
  });

  it.each([
    [{ amount: '5000.00', from: 'USD', to: 'EUR' }, 422, 'INSUFFICIENT_FUNDS'],
    [{ amount: '1.00', from: 'CHF', to: 'EUR' }, 422, 'BUSINESS_RULE'],
    [{ amount: '1.001', from: 'USD', to: 'EUR' }, 400, 'VALIDATION_FAILED'],
    [{ amount: 1000, from: 'USD', to: 'EUR' }, 400, 'VALIDATION_FAILED'],
    [{ amount: '10', from: 'USD', to: 'USD' }, 400, 'VALIDATION_FAILED'],
    [{ amount: '10', from: 'USD', to: 'DOGE' }, 400, 'VALIDATION_FAILED'],
    [{ amount: '0', from: 'USD', to: 'EUR' }, 400, 'VALIDATION_FAILED'],
    [{ from: 'USD', to: 'EUR' }, 400, 'VALIDATION_FAILED'],
  ])('refuses %j with %i %s and changes nothing', async (payload, status, code) => {
    const before = await ledgerSnapshot(ctx.app.db);
    const response = await convert(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });
});

describeEachDatabase('convert at a fixed rate', (ctx) => {
  it('gives exact figures', async () => {
    const session = await signUp(ctx.app);
    const wallets = await walletsOf(ctx.app, session);
    await fund(ctx.app.db, wallets.EUR!.id, '1000.00', 'EUR');
    const fx = createFxService({
      db: ctx.app.db,
      rates: fixedRateSource({ EUR_BTC: '0.0000382112' }),
      notifier: ctx.app.notifier,
      limits: ctx.app.spendingLimits,
    });
    const request = { userId: session.user.id, key: crypto.randomUUID(), fingerprint: 'test' };
    const result = await fx.convert(request, { amount: '995.02', from: 'EUR', to: 'BTC' });
    expect(result.body).toMatchObject({
      originalAmount: '995.02',
      // 995.02 × 0.0000382112 = 0.038020908224… → rounded down
      convertedAmount: '0.03802090',
      fees: '4.98',
      total: '1000.00',
      rate: '0.0000382112',
    });
    const after = await walletsOf(ctx.app, session);
    expect([after.EUR!.balance, after.BTC!.balance]).toEqual(['0.00', '0.03802090']);
  });
});

describeEachDatabase('convert at a quoted rate', (ctx) => {
  let alice: Session;
  const convert = (payload: unknown, headers = newKey()) =>
    request(ctx.app, alice, 'POST', '/api/convert', payload, headers);

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).USD!.id, '100.00', 'USD');
  });

  it('converts at exactly the rate of the quote the person saw, once, within its window', async () => {
    const stranger = await signUp(ctx.app);
    const quote: ConversionQuote = (
      await request(ctx.app, alice, 'POST', '/api/convert/quote', { amount: '10', from: 'USD', to: 'JPY' })
    ).json();
    expect(new Date(quote.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // "10.00" is the same amount as the quoted "10".
    const converted = await convert({ amount: '10.00', from: 'USD', to: 'JPY', quoteId: quote.quoteId });
    expect(converted.statusCode).toBe(201);
    expect(converted.json()).toMatchObject({ rate: quote.rate, convertedAmount: quote.convertedAmount });
    const before = await ledgerSnapshot(ctx.app.db);
    const again = await convert({ amount: '10.00', from: 'USD', to: 'JPY', quoteId: quote.quoteId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('QUOTE_EXPIRED');
    const other = await convert({ amount: '11.00', from: 'USD', to: 'JPY', quoteId: quote.quoteId });
    expect(other.statusCode).toBe(422);
    const theirs = await request(
      ctx.app,
      stranger,
      'POST',
      '/api/convert',
      { amount: '10.00', from: 'USD', to: 'JPY', quoteId: quote.quoteId },
      newKey(),
    );
    expect(theirs.statusCode).toBe(404);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });
});
