import fc from 'fast-check';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxMinorOf } from '@contract/currencies';
import { Money } from '@contract/money';
import type { Database } from '../../db/schema';
import { signUp, startDemo } from '../../test/http';
import { walletsOf } from '../../test/money';
import { createTestApp, dialectsUnderTest } from '../../test/test-app';
import { houseAccountId } from './house-accounts';
import { postEntry, postEntryByStatements, type EntryInput, type PostedEntry } from './ledger.service';
import { verifyLedger } from './ledger.verify';
import { withMoneyTransaction } from '../../db/money-transaction';

/**
 * On PostgreSQL postEntry runs as one call of the ledger_post_entry function (sql/post-entry.sql); the single
 * statements of the JavaScript path (SQLite's) are its reference. Random entries, valid and not (overdrafts,
 * demo/live mixes, house accounts moved into the demo book, house-only entries of either book, unknown
 * accounts, currency mismatches, deposits near the ceiling that may take a wallet past it), are posted through each path in a transaction that is then rolled back, and
 * must give the same answer: the same error, or the same balances, postings, history rows and ledger state.
 * Then the step is posted for real, so the state the next step sees moves on.
 */
const cents = fc.bigInt({ min: 2n, max: 30_000n });
const step = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), to: fc.nat(4), amount: cents }),
  fc.record({ type: fc.constant('transfer' as const), from: fc.nat(4), to: fc.nat(4), amount: cents }),
  fc.record({ type: fc.constant('payout' as const), from: fc.nat(4), amount: cents }),
  fc.record({
    type: fc.constant('house' as const),
    book: fc.constantFrom('live' as const, 'demo' as const, undefined),
    amount: cents,
  }),
  fc.record({ type: fc.constant('booked' as const), to: fc.nat(4), amount: cents }),
  fc.record({ type: fc.constant('unknown' as const), amount: cents }),
  fc.record({ type: fc.constant('mismatch' as const), from: fc.nat(4), amount: cents }),
  // A deposit near the ceiling: within it into an empty wallet, past it into one that holds more than the gap.
  fc.record({
    type: fc.constant('deposit' as const),
    to: fc.nat(4),
    amount: fc.bigInt({ min: maxMinorOf('USD') - 40_000n, max: maxMinorOf('USD') }),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const postgres = dialectsUnderTest().includes('postgres');

describe.skipIf(!postgres)('ledger_post_entry agrees with the statement path [postgres]', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const usd: string[] = [];
  const eur: string[] = [];
  const owners: string[] = [];

  beforeAll(async () => {
    app = await createTestApp('postgres');
    for (let i = 0; i < 5; i++) {
      const session = i >= 3 ? await startDemo(app.app) : await signUp(app.app);
      const wallets = await walletsOf(app.app, session);
      usd.push(wallets.USD!.id);
      eur.push(wallets.EUR!.id);
      const owner = await app.app.db
        .selectFrom('ledger_accounts')
        .select('user_id')
        .where('id', '=', wallets.USD!.id)
        .executeTakeFirstOrThrow();
      owners.push(owner.user_id!);
    }
  });
  afterAll(async () => app?.close());

  function entryFor(s: Step): EntryInput {
    const amount = Money.of(s.amount, 'USD');
    const entry = (postings: EntryInput['postings'], extra: Partial<EntryInput> = {}): EntryInput => ({
      kind: s.type,
      description: `test ${s.type}`,
      metadata: { step: s.type },
      postings,
      ...extra,
    });
    const history = (index: number): NonNullable<EntryInput['transactions']> => [
      {
        user_id: owners[index]!,
        wallet_id: usd[index]!,
        type: 'deposit',
        amount: amount.minor,
        currency: 'USD',
        description: 'test',
        status: 'completed',
      },
    ];
    switch (s.type) {
      case 'deposit':
        return entry(
          [
            { accountId: usd[s.to]!, amount },
            { accountId: houseAccountId('external', 'USD'), amount: amount.negated() },
          ],
          { transactions: history(s.to) },
        );
      case 'transfer':
        return entry([
          { accountId: usd[s.from]!, amount: amount.negated() },
          { accountId: houseAccountId('fees', 'USD'), amount: Money.of(1n, 'USD') },
          { accountId: usd[s.to]!, amount: Money.of(s.amount - 1n, 'USD') },
        ]);
      case 'payout':
        return entry([
          { accountId: usd[s.from]!, amount: amount.negated() },
          { accountId: houseAccountId('payouts_pending', 'USD'), amount },
        ]);
      case 'house':
        return entry(
          [
            { accountId: houseAccountId('payouts_pending', 'USD'), amount: amount.negated() },
            { accountId: houseAccountId('external', 'USD'), amount },
          ],
          s.book ? { book: s.book } : {},
        );
      case 'booked':
        // A demo-book entry naming a wallet: refused for a live wallet, the demo's own external for a demo's.
        return entry(
          [
            { accountId: usd[s.to]!, amount },
            { accountId: houseAccountId('external', 'USD'), amount: amount.negated() },
          ],
          { book: 'demo' },
        );
      case 'unknown':
        return entry([
          { accountId: houseAccountId('external', 'USD'), amount: amount.negated() },
          { accountId: 'no-such-account', amount },
        ]);
      case 'mismatch':
        return entry([
          { accountId: usd[s.from]!, amount: amount.negated() },
          { accountId: eur[s.from]!, amount },
        ]);
    }
  }

  const rollback = new Error('rollback');

  /** What one path does with `entry`, seen from inside its transaction, which is then rolled back. */
  async function outcome(
    post: (trx: Transaction<Database>, entry: EntryInput) => Promise<PostedEntry>,
    entry: EntryInput,
  ) {
    let seen: unknown;
    await app.app.db
      .transaction()
      .execute(async (trx) => {
        try {
          const posted = await post(trx, entry);
          const postings = await trx
            .selectFrom('postings')
            .select(['account_id', 'currency', 'amount'])
            .where('entry_id', '=', posted.entryId)
            .orderBy('account_id')
            .orderBy('amount')
            .execute();
          const stored = await trx
            .selectFrom('transactions')
            .selectAll()
            .where('entry_id', '=', posted.entryId)
            .execute();
          const journal = await trx
            .selectFrom('journal_entries')
            .select(['kind', 'description', 'metadata', 'created_at'])
            .where('id', '=', posted.entryId)
            .executeTakeFirstOrThrow();
          const accounts = await trx
            .selectFrom('ledger_accounts')
            .select(['id', 'balance'])
            .where('balance', 'is not', null)
            .orderBy('id')
            .execute();
          // Ids and times differ between the two runs by construction; everything else must not.
          const strip = <T extends { id?: string; entry_id?: string; created_at?: string }>(row: T) => {
            const { id: _id, entry_id: _entry, created_at: _created, ...rest } = row;
            return rest;
          };
          expect(stored).toEqual(posted.transactions);
          seen = {
            ok: true,
            balances: [...posted.balances].sort(([a], [b]) => a.localeCompare(b)),
            postings,
            history: posted.transactions.map(strip),
            journal: { ...journal, created_at: undefined },
            accounts,
          };
        } catch (error) {
          if (error === rollback) throw error;
          const e = error as Error & { code?: string };
          seen = { ok: false, name: e.name, code: e.code, message: e.message };
        }
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return seen;
  }

  it('gives the same answer and the same writes for random entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const s of steps) {
          const entry = entryFor(s);
          const viaFunction = await outcome(postEntry, entry);
          const viaStatements = await outcome(postEntryByStatements, entry);
          expect(viaFunction).toEqual(viaStatements);
          await withMoneyTransaction(app.app.db, (trx) => postEntry(trx, entry)).catch(() => {});
        }
        expect((await verifyLedger(app.app.db)).violations).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('reports the first short wallet and writes nothing', async () => {
    const before = await app.app.db
      .selectFrom('postings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // From a wallet of its own: the random steps above may have filled the others up to the ceiling.
    const empty = (await walletsOf(app.app, await signUp(app.app))).USD!.id;
    const huge = Money.of(maxMinorOf('USD'), 'USD');
    const entry: EntryInput = {
      kind: 'test',
      description: 'overdraft',
      postings: [
        { accountId: empty, amount: huge.negated() },
        { accountId: houseAccountId('external', 'USD'), amount: huge },
      ],
    };
    const viaFunction = (await outcome(postEntry, entry)) as { ok: boolean; code: string; message: string };
    expect(viaFunction).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(viaFunction.message).toMatch(/^Insufficient funds in your USD wallet \(available: /);
    expect(viaFunction).toEqual(await outcome(postEntryByStatements, entry));
    const after = await app.app.db
      .selectFrom('postings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('refuses an entry that would take a wallet past the ceiling, alike on both paths, writing nothing', async () => {
    const wallets = [0, 1].map(async () => (await walletsOf(app.app, await signUp(app.app))).USD!.id);
    const [full, other] = (await Promise.all(wallets)).sort();
    const credit = (minor: bigint, accountId: string): EntryInput['postings'] => [
      { accountId, amount: Money.of(minor, 'USD') },
      { accountId: houseAccountId('external', 'USD'), amount: Money.of(-minor, 'USD') },
    ];
    await withMoneyTransaction(app.app.db, (trx) =>
      postEntry(trx, {
        kind: 'test',
        description: 'to the brim',
        postings: credit(maxMinorOf('USD') - 10n, full!),
      }),
    );
    // Both wallets credited; the one past the ceiling is named, as the first short one is.
    const entry: EntryInput = {
      kind: 'test',
      description: 'past the ceiling',
      postings: [...credit(11n, full!), ...credit(5n, other!)],
    };
    const viaFunction = await outcome(postEntry, entry);
    expect(viaFunction).toMatchObject({
      ok: false,
      code: 'BUSINESS_RULE',
      message:
        'This payment would take a balance past the ceiling: a balance can be at most 5,000,000,000.00 USD',
    });
    expect(viaFunction).toEqual(await outcome(postEntryByStatements, entry));
    const fits: EntryInput = { ...entry, postings: [...credit(10n, full!), ...credit(5n, other!)] };
    expect(await outcome(postEntry, fits)).toEqual(await outcome(postEntryByStatements, fits));
    expect(await outcome(postEntry, fits)).toMatchObject({ ok: true });
  });
});
