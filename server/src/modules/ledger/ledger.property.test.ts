import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { maxMinorOf, type Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import { AppError } from '../../lib/errors';
import { signUp, startDemo } from '../../test/http';
import { ledgerSnapshot, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { exchangeEntry } from '../fx/exchange-entry';
import { parseRate } from '@contract/money';
import { priceConversion } from '../fx/fx-math';
import { houseAccountId } from './house-accounts';
import { LedgerRuleError, postEntry, type EntryInput } from './ledger.service';
import { verifyLedger } from './ledger.verify';
import { withMoneyTransaction } from '../../db/money-transaction';

/**
 * Random sequences of valid and invalid entries (deposits, some near the ceiling, transfers that may overdraw,
 * exchanges, and malformed entries) never break an invariant, no balance ever passes its currency's ceiling,
 * and a rejected entry changes nothing at all. Wallets 0–2
 * belong to real customers and 3–4 to demo users: an entry between the two books is refused (DEMO_ACCOUNT),
 * and every other one stays in its book.
 */
const cents = fc.bigInt({ min: 1n, max: 20_000n });
const command = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), to: fc.nat(4), amount: cents }),
  fc.record({ type: fc.constant('transfer' as const), from: fc.nat(4), to: fc.nat(4), amount: cents }),
  fc.record({ type: fc.constant('exchange' as const), from: fc.nat(4), to: fc.nat(4), amount: cents }),
  // Near the USD ceiling: fits an emptier wallet, takes a fuller one past it (refused, BUSINESS_RULE).
  fc.record({
    type: fc.constant('deposit' as const),
    to: fc.nat(4),
    amount: fc.bigInt({ min: maxMinorOf('USD') - 30_000n, max: maxMinorOf('USD') }),
  }),
  fc.record({
    type: fc.constant('malformed' as const),
    flaw: fc.constantFrom('unbalanced', 'zero', 'mismatch', 'single', 'unknown'),
    amount: cents,
  }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

describeEachDatabase('ledger invariants (property)', (ctx) => {
  const usdWallets: string[] = [];
  const eurWallets: string[] = [];

  const isDemo = (index: number) => index >= 3;

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const wallets = await walletsOf(ctx.app, isDemo(i) ? await startDemo(ctx.app) : await signUp(ctx.app));
      usdWallets.push(wallets.USD!.id);
      eurWallets.push(wallets.EUR!.id);
    }
  });

  function entryFor(step: Command, userId: string): EntryInput {
    const usd = Money.of(step.amount, 'USD');
    const entry = (postings: EntryInput['postings']): EntryInput => ({
      kind: 'test',
      description: 'test',
      postings,
    });
    switch (step.type) {
      case 'deposit':
        return entry([
          { accountId: usdWallets[step.to]!, amount: usd },
          { accountId: houseAccountId('external', 'USD'), amount: usd.negated() },
        ]);
      case 'transfer':
        return entry([
          { accountId: usdWallets[step.from]!, amount: usd.negated() },
          { accountId: usdWallets[step.to]!, amount: usd },
        ]);
      case 'exchange': {
        // At least 2 cents: one cent converts to less than one euro cent, which conversions refuse.
        const figures = priceConversion(Money.of(step.amount + 1n, 'USD'), 'EUR', parseRate('0.9233'));
        const wallets = { sourceId: usdWallets[step.from]!, targetId: eurWallets[step.to]! };
        return exchangeEntry(userId, wallets, figures, { rateTimestamp: new Date().toISOString() });
      }
      case 'malformed': {
        const out = { accountId: usdWallets[0]!, amount: usd.negated() };
        const flawed = {
          unbalanced: [out, { accountId: usdWallets[1]!, amount: Money.of(step.amount + 1n, 'USD') }],
          zero: [
            out,
            { accountId: usdWallets[1]!, amount: usd },
            { accountId: usdWallets[2]!, amount: Money.zero('USD') },
          ],
          mismatch: [out, { accountId: eurWallets[1]!, amount: usd }],
          single: [out],
          unknown: [out, { accountId: 'missing', amount: usd }],
        }[step.flaw];
        return entry(flawed);
      }
    }
  }

  const crossesBooks = (step: Command) =>
    (step.type === 'transfer' || step.type === 'exchange') && isDemo(step.from) !== isDemo(step.to);

  /** Whether, by the model, the entry would credit a customer account past its currency's ceiling. */
  const passesCeiling = (entry: EntryInput, model: Map<string, string>) => {
    const after = new Map<string, bigint>();
    for (const { accountId, amount } of entry.postings) {
      const held = model.get(accountId);
      if (held === undefined || held === 'null') continue;
      after.set(accountId, (after.get(accountId) ?? BigInt(held)) + amount.minor);
    }
    return entry.postings.some(
      ({ accountId, amount }) =>
        after.has(accountId) && amount.isPositive() && after.get(accountId)! > maxMinorOf(amount.currency),
    );
  };

  const currencyOf = new Map<string, Currency>();
  const assertWithinCeilings = async () => {
    if (currencyOf.size === 0) {
      const accounts = await ctx.app.db.selectFrom('ledger_accounts').select(['id', 'currency']).execute();
      for (const { id, currency } of accounts) currencyOf.set(id, currency);
    }
    for (const [id, balance] of Object.entries((await ledgerSnapshot(ctx.app.db)).balances)) {
      const currency = currencyOf.get(id);
      if (balance === 'null' || !currency) continue;
      expect(BigInt(balance) <= maxMinorOf(currency), `${id}: ${balance} ${currency}`).toBe(true);
    }
  };

  it('holds every invariant, and rejected entries change nothing', async () => {
    const owner = (await ctx.app.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (steps) => {
        // The model: what each customer wallet should hold, moved only by entries the ledger accepted.
        const model = new Map(Object.entries((await ledgerSnapshot(ctx.app.db)).balances));
        for (const step of steps) {
          const before = await ledgerSnapshot(ctx.app.db);
          const entry = entryFor(step, owner);
          try {
            await withMoneyTransaction(ctx.app.db, (trx) => postEntry(trx, entry));
            expect(step.type).not.toBe('malformed');
            expect(crossesBooks(step)).toBe(false);
            expect(passesCeiling(entry, model)).toBe(false);
            for (const { accountId, amount } of entry.postings) {
              const held = model.get(accountId);
              if (held !== 'null') model.set(accountId, String(BigInt(held!) + amount.minor));
            }
          } catch (error) {
            const expected =
              error instanceof LedgerRuleError ||
              (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') ||
              (error instanceof AppError && error.code === 'BUSINESS_RULE' && passesCeiling(entry, model)) ||
              (error instanceof AppError && error.code === 'DEMO_ACCOUNT' && crossesBooks(step));
            if (!expected) throw error;
            expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
          }
          await assertWithinCeilings();
        }
        expect((await ledgerSnapshot(ctx.app.db)).balances).toEqual(Object.fromEntries(model));
        expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
