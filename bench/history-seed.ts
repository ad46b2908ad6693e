import { sql } from 'kysely';
import { Money } from '@contract/money';
import { openDatabase } from '../server/src/db/database';
import { houseAccountId } from '../server/src/modules/ledger/house-accounts';
import { postEntry } from '../server/src/modules/ledger/ledger.service';
import { withMoneyTransaction } from '../server/src/modules/ledger/money-transaction';

/**
 * Gives one customer `rows` history rows, each a real balanced ledger entry (a small client payment), so the
 * history page and CSV export are measured against a long, honest history. Batched in transactions of 1,000
 * entries: seeding is set-up, not what is measured.
 */
export async function seedHistory(
  database: { databaseUrl?: string; sqlitePath: string },
  customer: { userId: string; walletId: string },
  rows: number,
): Promise<void> {
  const { db, destroy } = openDatabase(database);
  const amount = Money.parse('12.34', 'USD');
  const start = Date.now() - rows * 60_000;
  try {
    for (let done = 0; done < rows; done += 1000) {
      await withMoneyTransaction(db, async (trx) => {
        for (let index = done; index < Math.min(rows, done + 1000); index++) {
          await postEntry(trx, {
            kind: 'client_payment',
            description: `Invoice ${index}, "Acme, Inc."`,
            createdAt: new Date(start + index * 60_000).toISOString(),
            postings: [
              { accountId: customer.walletId, amount },
              { accountId: houseAccountId('external', 'USD'), amount: amount.negated() },
            ],
            transactions: [
              {
                user_id: customer.userId,
                wallet_id: customer.walletId,
                type: 'receive',
                amount: amount.minor,
                currency: 'USD',
                description: `Invoice ${index}, "Acme, Inc."`,
                counterparty: 'Acme, Inc.',
                status: 'completed',
              },
            ],
          });
        }
      });
    }
    // A bulk load leaves PostgreSQL's planner without statistics until autovacuum's next pass (up to a
    // minute): meanwhile it sorted the user's whole history for every export batch (7.4 s instead of ~1.3 s
    // for 100k rows). A live history grows a row at a time and is analysed as it goes.
    await sql`analyze`.execute(db);
  } finally {
    await destroy();
  }
}
