import { beforeAll, describe, expect, it } from 'vitest';
import { maxMinorOf } from '@contract/currencies';
import { Money } from '@contract/money';
import { signUp, type Session } from '../../test/http';
import { fund, ledgerSnapshot, sendUsd, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { houseAccountId } from './house-accounts';
import { inCeilingParts, postEntry, type EntryInput } from './ledger.service';
import { verifyLedger } from './ledger.verify';
import { withMoneyTransaction } from '../../db/money-transaction';

const CEILING = maxMinorOf('USD');
const usd = (minor: bigint) => Money.of(minor, 'USD');
const external = houseAccountId('external', 'USD');

/** A deposit of `minor` cents into `walletId` from the outside world. */
const deposit = (walletId: string, minor: bigint): EntryInput => ({
  kind: 'deposit',
  description: 'test deposit',
  postings: [
    { accountId: walletId, amount: usd(minor) },
    { accountId: external, amount: usd(-minor) },
  ],
});

/** postEntry's refusal as {status, code, message}, or null when it posted. */
async function refusalOf(app: { db: Parameters<typeof withMoneyTransaction>[0] }, entry: EntryInput) {
  try {
    await withMoneyTransaction(app.db, (trx) => postEntry(trx, entry));
    return null;
  } catch (error) {
    const { status, code, message } = error as { status?: number; code?: string; message: string };
    return { status, code, message };
  }
}

describeEachDatabase('ledger ceiling', (ctx) => {
  let ada: Session;
  let bob: Session;
  let adaUsd: string;
  let bobUsd: string;

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    adaUsd = (await walletsOf(ctx.app, ada)).USD!.id;
    bobUsd = (await walletsOf(ctx.app, bob)).USD!.id;
  });

  it('takes a balance up to the ceiling and refuses one cent past it, writing nothing', async () => {
    expect(await refusalOf(ctx.app, deposit(adaUsd, CEILING - 100n))).toBeNull();
    const before = await ledgerSnapshot(ctx.app.db);
    expect(await refusalOf(ctx.app, deposit(adaUsd, 101n))).toEqual({
      status: 422,
      code: 'BUSINESS_RULE',
      message:
        'This payment would take a balance past the ceiling: a balance can be at most 5,000,000,000.00 USD',
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    expect(await refusalOf(ctx.app, deposit(adaUsd, 100n))).toBeNull();
    expect((await walletsOf(ctx.app, ada)).USD!.balance).toBe('5000000000.00');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('refuses any posting larger than the ceiling, on house accounts too', async () => {
    const entry: EntryInput = {
      kind: 'test',
      description: 'between house accounts',
      postings: [
        { accountId: houseAccountId('payouts_pending', 'USD'), amount: usd(-(CEILING + 1n)) },
        { accountId: external, amount: usd(CEILING + 1n) },
      ],
    };
    expect(await refusalOf(ctx.app, entry)).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE',
      message: 'A single payment can be at most 5,000,000,000.00 USD',
    });
  });

  it('refuses a transfer that would take the recipient past the ceiling (the queued PostgreSQL path)', async () => {
    await fund(ctx.app.db, bobUsd, '100.00', 'USD');
    const before = await ledgerSnapshot(ctx.app.db);
    const response = await sendUsd(ctx.app, bob, ada.user.email, '1.00');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: /^This payment would take a balance past the ceiling/,
    });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    // Money going the other way is fine.
    expect((await sendUsd(ctx.app, ada, bob.user.email, '1.00')).statusCode).toBe(201);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('lets a balance held past the ceiling (from before there was one) go down, never up', async () => {
    await ctx.app.db
      .updateTable('ledger_accounts')
      .set({ balance: CEILING + 1000n })
      .where('id', '=', bobUsd)
      .execute();
    const out: EntryInput = {
      kind: 'payout',
      description: 'test payout',
      postings: [
        { accountId: bobUsd, amount: usd(-500n) },
        { accountId: external, amount: usd(500n) },
      ],
    };
    expect(await refusalOf(ctx.app, out)).toBeNull();
    expect(await refusalOf(ctx.app, deposit(bobUsd, 1n))).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE',
    });
    const held = await ctx.app.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', bobUsd)
      .executeTakeFirstOrThrow();
    expect(held.balance).toBe(CEILING + 500n);
    expect((await verifyLedger(ctx.app.db)).violations).toContainEqual(
      expect.stringMatching(new RegExp(`^account ${bobUsd} holds .* past the ceiling of 5000000000.00`)),
    );
  });
});

describe('inCeilingParts', () => {
  it('splits a total of many payments into postings the ceiling allows, same sign, same sum', () => {
    const parts = (minor: bigint) => inCeilingParts(usd(minor)).map((part) => part.minor);
    expect(parts(CEILING)).toEqual([CEILING]);
    expect(parts(2n * CEILING + 7n)).toEqual([CEILING, CEILING, 7n]);
    expect(parts(-(CEILING + 1n))).toEqual([-CEILING, -1n]);
    expect(parts(0n)).toEqual([]);
    const btc = inCeilingParts(Money.of(maxMinorOf('BTC') + 1n, 'BTC'));
    expect(btc.map((part) => [part.minor, part.currency])).toEqual([
      [maxMinorOf('BTC'), 'BTC'],
      [1n, 'BTC'],
    ]);
  });
});
