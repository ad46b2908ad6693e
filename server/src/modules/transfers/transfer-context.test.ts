import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import { request, signUp, startDemo, type Session } from '../../test/http';
import { fund, sendUsd, walletsOf } from '../../test/money';
import { expectSameAnswer } from '../../test/both-ways';
import { createTestApp, dialectsUnderTest } from '../../test/test-app';
import type { IdempotentRequest } from '../idempotency/idempotency';
import { claimTransferContext, contextByStatements, type TransferContextQuery } from './transfer-context';

/**
 * On PostgreSQL a transfer claims its key and reads what it needs in one call of `transfer_context`
 * (sql/transfer-context.sql, with idempotency_claim and monthly_use); the statements of SQLite's path are its reference. Each case is read both ways, each in a transaction
 * that is then rolled back, and must give the same answer: the same parties with their wallets, level, month's
 * outflows and goals, or the same stored answer for a key already used.
 */
const postgres = dialectsUnderTest().includes('postgres');

describe.skipIf(!postgres)('transfer_context agrees with the statement path [postgres]', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let sender: Session;
  let recipient: Session;
  let demo: Session;
  let db: Kysely<Database>;

  beforeAll(async () => {
    app = await createTestApp('postgres');
    db = app.app.db;
    sender = await signUp(app.app);
    recipient = await signUp(app.app);
    demo = await startDemo(app.app);
    await fund(db, (await walletsOf(app.app, sender)).USD!.id, '500.00', 'USD');
    // Outflows this month, and goals of the recipient's that take a share (two in USD, one in EUR).
    expect((await sendUsd(app.app, sender, recipient.user.email, '12.34')).statusCode).toBe(201);
    for (const [title, currency, setAsidePercent] of [
      ['Taxes', 'USD', 25],
      ['Pension', 'USD', 10],
      ['Holiday', 'EUR', 5],
    ] as const) {
      const body = {
        title,
        category: 'Other',
        targetAmount: '1000.00',
        currency,
        targetDate: '2030-01-01',
        setAsidePercent,
      };
      expect((await request(app.app, recipient, 'POST', '/api/savings-goals', body)).statusCode).toBe(201);
    }
  });

  afterAll(() => app?.close());

  async function bothWays(userId: string, query: TransferContextQuery, key = randomUUID()) {
    const idempotent: IdempotentRequest = { userId, key, fingerprint: 'f'.repeat(64) };
    const now = new Date();
    const answer = await expectSameAnswer(
      db,
      (trx) => claimTransferContext(trx, idempotent, query, now),
      (trx) => contextByStatements(trx, idempotent, query, now),
    );
    return answer as { claimed: boolean; context?: { parties: unknown[]; recipientGoals: unknown[] } };
  }

  const to = (
    recipientEmail: string,
    fromCurrency: Currency = 'USD',
    toCurrency: Currency = fromCurrency,
  ) => ({
    recipientEmail,
    fromCurrency,
    toCurrency,
  });

  it('reads a payment to a customer: both parties, the wallets, the month so far and the goals in order', async () => {
    const answer = await bothWays(sender.user.id, to(recipient.user.email));
    expect(answer.claimed).toBe(true);
    expect(answer.context!.parties).toHaveLength(2);
    expect(answer.context!.recipientGoals).toHaveLength(2);
  });

  it('reads the same in another currency, to an unknown address, to a demo, and to oneself', async () => {
    await bothWays(sender.user.id, to(recipient.user.email, 'USD', 'EUR'));
    expect((await bothWays(sender.user.id, to('nobody@example.com'))).context!.parties).toHaveLength(1);
    await bothWays(sender.user.id, to(demo.user.email));
    await bothWays(demo.user.id, to(sender.user.email, 'EUR', 'GBP'));
    expect((await bothWays(sender.user.id, to(sender.user.email))).context!.recipientGoals).toEqual([]);
  });

  it('answers a key already used with its stored response, and claims nothing', async () => {
    const key = randomUUID();
    const body = { amount: '1.00', fromCurrency: 'USD', recipientEmail: recipient.user.email };
    const sent = await request(app.app, sender, 'POST', '/api/transactions', body, {
      'idempotency-key': key,
    });
    expect(sent.statusCode).toBe(201);
    const answer = await bothWays(sender.user.id, to(recipient.user.email), key);
    expect(answer).toMatchObject({ claimed: false, stored: { response_status: 201 } });
  });
});
