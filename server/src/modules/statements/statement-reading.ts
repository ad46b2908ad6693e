import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import { buildWalletMonth, type WalletMonth } from './statement';
import { monthStart, nextMonth } from './statement-month';
import * as repo from './statements.repository';

export interface StatementWallet {
  id: string;
  currency: Currency;
}

/**
 * The wallet's month read from the ledger. `opening` may be passed when the caller already knows it (the
 * previous month's closing, when walking months in order); otherwise it is summed from the postings before.
 */
export async function readWalletMonth(
  db: Kysely<Database>,
  userId: string,
  wallet: StatementWallet,
  month: string,
  opening?: bigint,
): Promise<WalletMonth> {
  const from = monthStart(month);
  const [start, rows] = await Promise.all([
    opening ?? repo.balanceBefore(db, wallet.id, from),
    repo.movementsIn(db, wallet.id, userId, from, monthStart(nextMonth(month))),
  ]);
  return buildWalletMonth(wallet, month, start, rows);
}
