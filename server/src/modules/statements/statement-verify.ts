import type { Kysely } from 'kysely';
import { GENESIS_DIGEST, type VerifyProblem, type VerifyResult } from '@contract/statements';
import type { Database } from '../../db/schema';
import { statementDigest } from './statement-digest';
import { nextMonth } from './statement-month';
import { readWalletMonth } from './statement-reading';
import * as repo from './statements.repository';

/**
 * Recomputes every stored statement of the user from the database as it is now and compares:
 * - altered: the month's postings and history rows no longer give the digest stored when it closed;
 * - link: the statement no longer names the digest stored for the wallet's month before (or GENESIS first),
 *   i.e. a stored statement was removed or rewritten.
 * Per wallet, the chain breaks from its first problem: every later month rests on it.
 */
export async function verifyStatements(db: Kysely<Database>, userId: string): Promise<VerifyResult> {
  const stored = await repo.closedStatementsOf(db, userId);
  const problems: VerifyProblem[] = [];
  let previous: (typeof stored)[number] | undefined;
  let opening: bigint | undefined;
  for (const row of stored) {
    const sameWallet = previous?.account_id === row.account_id;
    const wallet = { id: row.account_id, currency: row.currency };
    // The opening is the month before's closing only when that month is the one just before.
    const carried = sameWallet && nextMonth(previous!.month) === row.month ? opening : undefined;
    const statement = await readWalletMonth(db, userId, wallet, row.month, carried);
    const base = { walletId: row.account_id, currency: row.currency, month: row.month };
    const expectedPrevious = sameWallet ? previous!.digest : GENESIS_DIGEST;
    if (row.previous_digest !== expectedPrevious) problems.push({ ...base, problem: 'link' });
    if (statementDigest(statement, row.previous_digest) !== row.digest) {
      problems.push({ ...base, problem: 'altered' });
    }
    previous = row;
    opening = statement.closing;
  }
  const brokenFrom = new Map<
    string,
    { walletId: string; currency: VerifyProblem['currency']; month: string }
  >();
  for (const { walletId, currency, month } of problems) {
    if (!brokenFrom.has(walletId)) brokenFrom.set(walletId, { walletId, currency, month });
  }
  return {
    ok: problems.length === 0,
    checked: stored.length,
    problems,
    brokenFrom: [...brokenFrom.values()],
    checkedAt: new Date().toISOString(),
  };
}
