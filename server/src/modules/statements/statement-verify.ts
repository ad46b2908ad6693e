import { GENESIS_DIGEST, type VerifyProblem, type VerifyResult } from '@contract/statements';
import {
  CLOSE_GRACE_MS,
  closableBefore,
  firstMonthOf,
  type ClosableWallet,
  type SealingDeps,
} from './statement-closing';
import { statementDigest } from './statement-digest';
import { monthStart, monthsFrom, nextMonth } from './statement-month';
import { readWalletMonth } from './statement-reading';
import * as repo from './statements.repository';

/**
 * How long after a month may be closed its seal may be made. Every process closes ended months hourly, and a
 * list, a download or a check closes them at once, so a seal made later means the server did not run for that
 * long, or the month's seal was deleted and the server made it again (over whatever the ledger then said).
 */
export const SEAL_WINDOW_MS = 3 * 24 * 3_600_000;

/**
 * The latest a month of a wallet opened at `openedAt` can have been sealed: SEAL_WINDOW_MS after the month
 * could be closed, or after the wallet opened, for the months of a history seeded before it (the demo's).
 */
function sealDeadline(month: string, openedAt: string): string {
  const closable = Date.parse(monthStart(nextMonth(month))) + CLOSE_GRACE_MS;
  return new Date(Math.max(closable, Date.parse(openedAt)) + SEAL_WINDOW_MS).toISOString();
}

type Row = Awaited<ReturnType<typeof repo.closedStatementsOf>>[number];

/** The problems of one wallet's statements, oldest month first. */
async function walletProblems(
  deps: SealingDeps,
  userId: string,
  wallet: ClosableWallet,
  rows: readonly Row[],
  now: Date,
): Promise<VerifyProblem[]> {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const first = await firstMonthOf(deps.db, wallet);
  const expected = monthsFrom(first, closableBefore(now)).slice(0, -1);
  const months = [...new Set([...expected, ...byMonth.keys()])].sort();
  const problems: VerifyProblem[] = [];
  let previous: Row | undefined;
  let opening: bigint | undefined;
  for (const [index, month] of months.entries()) {
    const base = { walletId: wallet.id, currency: wallet.currency, month };
    const row = byMonth.get(month);
    if (!row) {
      if (month >= first) problems.push({ ...base, problem: 'missing' });
      previous = undefined;
      continue;
    }
    const sealed = deps.sealer.holds(
      {
        userId,
        walletId: wallet.id,
        currency: row.currency,
        month,
        openedAt: wallet.created_at,
        digest: row.digest,
        previousDigest: row.previous_digest,
        sealedAt: row.closed_at,
      },
      row.seal,
    );
    if (!sealed) problems.push({ ...base, problem: 'seal' });
    // The link is known when the month before is stored, or when this is the wallet's first month.
    const expectedPrevious = index === 0 ? GENESIS_DIGEST : previous?.digest;
    if (expectedPrevious !== undefined && row.previous_digest !== expectedPrevious) {
      problems.push({ ...base, problem: 'link' });
    }
    // The opening is the month before's closing only when that month is the one just before.
    const carried = previous && nextMonth(previous.month) === month ? opening : undefined;
    const statement = await readWalletMonth(deps.db, userId, wallet, month, carried);
    if (statementDigest(statement, row.previous_digest) !== row.digest) {
      problems.push({ ...base, problem: 'altered' });
    }
    if (row.closed_at > sealDeadline(month, wallet.created_at)) problems.push({ ...base, problem: 'late' });
    previous = row;
    opening = statement.closing;
  }
  return problems;
}

/**
 * Checks every statement of the user's wallets (whose ended months the caller has just closed) against the
 * ledger as it is now and the server's statement key:
 * - altered: the month's postings and history rows no longer give the digest stored when it closed;
 * - link: the statement no longer names the digest stored for the wallet's month before (or GENESIS first);
 * - missing: an ended month from the wallet's first on has no statement (closing never fills a gap in);
 * - seal: the stored row (its digest, link, month, wallet and when it was sealed) is not what the server sealed
 *   under its key: written by someone else, closed before keyed seals and never sealed, or another key;
 * - late: sealed more than SEAL_WINDOW_MS after it could be: a deleted seal the server made again.
 * Per wallet, the chain breaks from its first problem: every later month rests on it.
 */
export async function verifyStatements(
  deps: SealingDeps,
  userId: string,
  wallets: readonly ClosableWallet[],
  now: Date,
): Promise<VerifyResult> {
  const stored = await repo.closedStatementsOf(deps.db, userId);
  const problems: VerifyProblem[] = [];
  for (const wallet of wallets) {
    const rows = stored.filter((row) => row.account_id === wallet.id);
    problems.push(...(await walletProblems(deps, userId, wallet, rows, now)));
  }
  // A statement of an account that is not one of the user's wallets cannot be the server's.
  const walletIds = new Set(wallets.map((wallet) => wallet.id));
  for (const row of stored.filter((each) => !walletIds.has(each.account_id))) {
    problems.push({ walletId: row.account_id, currency: row.currency, month: row.month, problem: 'seal' });
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
    checkedAt: now.toISOString(),
  };
}
