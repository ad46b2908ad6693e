import type { Currency } from '@contract/currencies';
import type { MovementRow } from './statements.repository';
import { monthStart, nextMonth } from './statement-month';

/**
 * One wallet's month: the opening balance (the ledger just before the month), every posting on the wallet in
 * the month, oldest first, each described by the owner's history row of its entry, and the closing balance.
 * opening + the movements = closing, and closing is the ledger at the end of the month (the tests hold it to
 * the ledger on both databases). Amounts are signed as the ledger signs them: positive = into the wallet.
 */
export interface Movement {
  /** The posting's id: unique per wallet movement and never changed, so it is the id every format exports. */
  postingId: string;
  entryId: string;
  bookedAt: string;
  amount: bigint;
  balanceAfter: bigint;
  historyId: string | null;
  historyAt: string | null;
  type: string;
  description: string;
  counterparty: string | null;
}

export interface WalletMonth {
  walletId: string;
  currency: Currency;
  month: string;
  /** First instant of the month and of the next (the statement covers [from, to)). */
  from: string;
  to: string;
  opening: bigint;
  closing: bigint;
  moneyIn: bigint;
  moneyOut: bigint;
  movements: Movement[];
}

/** The wallet's month from the ledger's rows (movementsIn) and its balance before the month. */
export function buildWalletMonth(
  wallet: { id: string; currency: Currency },
  month: string,
  opening: bigint,
  rows: readonly MovementRow[],
): WalletMonth {
  const movements: Movement[] = [];
  let balance = opening;
  let moneyIn = 0n;
  let moneyOut = 0n;
  for (const row of pickHistoryRows(rows, wallet.id)) {
    const amount = BigInt(row.amount);
    balance += amount;
    if (amount > 0n) moneyIn += amount;
    else moneyOut -= amount;
    movements.push({
      postingId: row.posting_id,
      entryId: row.entry_id,
      bookedAt: row.booked_at,
      amount,
      balanceAfter: balance,
      historyId: row.history_id,
      historyAt: row.history_at,
      type: row.history_type ?? row.entry_kind,
      description: row.history_description ?? row.entry_description,
      counterparty: row.history_counterparty,
    });
  }
  return {
    walletId: wallet.id,
    currency: wallet.currency,
    month,
    from: monthStart(month),
    to: monthStart(nextMonth(month)),
    opening,
    closing: balance,
    moneyIn,
    moneyOut,
    movements,
  };
}

/**
 * One row per posting. The join gives a posting once per history row of its entry owned by the user; an
 * entry with two such rows (rare) is described by the one naming this wallet, else the first by id.
 */
function pickHistoryRows(rows: readonly MovementRow[], walletId: string): MovementRow[] {
  const byPosting = new Map<string, MovementRow>();
  for (const row of rows) {
    const chosen = byPosting.get(row.posting_id);
    if (!chosen || (chosen.history_wallet_id !== walletId && row.history_wallet_id === walletId)) {
      byPosting.set(row.posting_id, row);
    }
  }
  return [...byPosting.values()];
}
