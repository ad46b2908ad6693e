import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { request, signUp, startDemo, type Session } from '../../test/http';
import { fund, newKey, sendUsd, walletsOf } from '../../test/money';
import { expectSameAnswer } from '../../test/both-ways';
import { createTestApp, dialectsUnderTest } from '../../test/test-app';
import type { IdempotentRequest } from '../idempotency/idempotency';
import { claimWalletContext, walletContextByStatements, type WalletContextQuery } from './wallet-context';

/**
 * On PostgreSQL a conversion or a deposit claims its key and reads what it needs in one call of
 * `payment_context` (sql/payment-context.sql, with idempotency_claim and monthly_use); the statements of SQLite's path are its reference. Each case is read
 * both ways, each in a transaction that is then rolled back, and must give the same answer: the same wallets
 * with their balances, level and month's outflows, or the same stored answer for a key already used.
 */
const postgres = dialectsUnderTest().includes('postgres');

describe.skipIf(!postgres)('payment_context agrees with the statement path [postgres]', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let alice: Session;
  let bob: Session;
  let demo: Session;
  let aliceUsd: string;
  let db: Kysely<Database>;

  beforeAll(async () => {
    app = await createTestApp('postgres');
    db = app.app.db;
    alice = await signUp(app.app);
    bob = await signUp(app.app);
    demo = await startDemo(app.app);
    aliceUsd = (await walletsOf(app.app, alice)).USD!.id;
    await fund(db, aliceUsd, '500.00', 'USD');
    // Outflows this month, and a fourth wallet opened after the first three.
    expect((await sendUsd(app.app, alice, bob.user.email, '12.34')).statusCode).toBe(201);
    expect((await request(app.app, alice, 'POST', '/api/wallets', { currency: 'GBP' })).statusCode).toBe(201);
  });

  afterAll(() => app?.close());

  async function bothWays(userId: string, query: WalletContextQuery, key = randomUUID()) {
    const idempotent: IdempotentRequest = { userId, key, fingerprint: 'f'.repeat(64) };
    const now = new Date();
    const answer = await expectSameAnswer(
      db,
      (trx) => claimWalletContext(trx, idempotent, query, now),
      (trx) => walletContextByStatements(trx, idempotent, query, now),
    );
    return answer as {
      claimed: boolean;
      context?: { wallets: { id: string; currency: string; balance: string }[]; use?: unknown };
    };
  }

  it('reads a conversion: the wallets in its currencies and the month so far', async () => {
    const answer = await bothWays(alice.user.id, { currencies: ['GBP', 'USD', 'EUR'], monthlyUse: true });
    expect(answer.claimed).toBe(true);
    // The three a user opens with share a creation time; GBP came later.
    expect(answer.context!.wallets.map((wallet) => wallet.currency).at(-1)).toBe('GBP');
    expect(answer.context!.wallets).toHaveLength(3);
    expect(answer.context!.use).toMatchObject({ level: 'unverified', outflows: [{ currency: 'USD' }] });
  });

  it('reads the same for a currency without a wallet, for a demo, and without the month', async () => {
    const jpy = await bothWays(alice.user.id, { currencies: ['USD', 'JPY'], monthlyUse: true });
    expect(jpy.context!.wallets.map((wallet) => wallet.currency)).toEqual(['USD']);
    await bothWays(demo.user.id, { currencies: ['USD', 'EUR'], monthlyUse: true });
    expect(
      (await bothWays(bob.user.id, { currencies: ['USD'], monthlyUse: false })).context!.use,
    ).toBeUndefined();
  });

  it('reads a deposit: the wallet by its id with its balance, and nothing of another user', async () => {
    const own = await bothWays(alice.user.id, { walletId: aliceUsd, monthlyUse: false });
    const balance = (await walletsOf(app.app, alice)).USD!.balance.replace('.', '');
    expect(own.context!.wallets).toEqual([expect.objectContaining({ id: aliceUsd, balance })]);
    expect((await bothWays(bob.user.id, { walletId: aliceUsd, monthlyUse: false })).context!.wallets).toEqual(
      [],
    );
    expect(
      (await bothWays(alice.user.id, { walletId: 'no-such-wallet', monthlyUse: false })).context!.wallets,
    ).toEqual([]);
  });

  it('answers a key already used with its stored response, and claims nothing', async () => {
    const key = newKey();
    const deposit = await request(
      app.app,
      alice,
      'POST',
      `/api/wallets/${aliceUsd}/deposit`,
      { amount: '1.00' },
      key,
    );
    expect(deposit.statusCode).toBe(201);
    const answer = await bothWays(
      alice.user.id,
      { walletId: aliceUsd, monthlyUse: false },
      key['idempotency-key'],
    );
    expect(answer).toMatchObject({ claimed: false, stored: { response_status: 201 } });
  });
});
