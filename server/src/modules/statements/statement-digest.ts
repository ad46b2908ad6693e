import { createHash } from 'node:crypto';
import type { WalletMonth } from './statement';

/**
 * A closed statement's digest: SHA-256 over its canonical text, which names the wallet, the month and the
 * previous statement's digest (so each month seals the one before: the chain), then the opening balance,
 * every movement's ids, dates and amount with the balance after it, and the closing balance. The amount is the
 * posting's (what the statement shows), not its history row's: a limit order's row takes its fill's figures
 * when the order fills, perhaps months later, and that must not look like tampering with a closed month.
 * Minor units as integers, timestamps as stored: the same ledger always gives the same text, on either
 * database, so a changed amount or date anywhere in the month changes the digest.
 * Version 1; a new layout would be a new first line, never a silent change.
 */
export function canonicalText(statement: WalletMonth, previousDigest: string): string {
  const lines = [
    'meridian-statement-v1',
    `wallet:${statement.walletId}`,
    `currency:${statement.currency}`,
    `month:${statement.month}`,
    `previous:${previousDigest}`,
    `opening:${statement.opening}`,
    ...statement.movements.map((movement) =>
      [
        movement.postingId,
        movement.entryId,
        movement.bookedAt,
        movement.amount,
        movement.historyId ?? '-',
        movement.historyAt ?? '-',
        movement.balanceAfter,
      ].join('|'),
    ),
    `closing:${statement.closing}`,
  ];
  return `${lines.join('\n')}\n`;
}

export function statementDigest(statement: WalletMonth, previousDigest: string): string {
  return createHash('sha256').update(canonicalText(statement, previousDigest), 'utf8').digest('hex');
}
