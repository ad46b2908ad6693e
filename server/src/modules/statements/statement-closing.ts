import type { Kysely } from 'kysely';
import { GENESIS_DIGEST } from '@contract/statements';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { statementDigest } from './statement-digest';
import type { StatementSealer } from './statement-seal';
import { currentMonth, monthOf, nextMonth } from './statement-month';
import { readWalletMonth, type StatementWallet } from './statement-reading';
import * as repo from './statements.repository';

/**
 * A month is closed a few minutes after it ends, not at once: an entry is stamped with its time before its
 * transaction commits, so one stamped in the month's last instant may become visible just after midnight.
 */
export const CLOSE_GRACE_MS = 5 * 60_000;

/** Months before this one can be closed (at `now`). */
export const closableBefore = (now: Date) => currentMonth(new Date(now.getTime() - CLOSE_GRACE_MS));

export interface ClosableWallet extends StatementWallet {
  created_at: string;
}

/** What closing a month needs: the database, and the sealer whose key the database does not hold. */
export interface SealingDeps {
  db: Kysely<Database>;
  sealer: StatementSealer;
}

/** The wallet's first month: when it was opened, or its first entry if earlier (a demo's seeded history). */
export async function firstMonthOf(db: Kysely<Database>, wallet: ClosableWallet): Promise<string> {
  const firstBooked = await repo.firstBookedAt(db, [wallet.id]);
  const opened = monthOf(wallet.created_at);
  return firstBooked && monthOf(firstBooked) < opened ? monthOf(firstBooked) : opened;
}

/**
 * Closes every month of the wallet that has ended at `now` and is not closed yet, oldest first, each digest
 * chained to the month before (the wallet's first to GENESIS_DIGEST) and sealed at `now`. Idempotent and safe
 * with several processes: the UNIQUE(account_id, month) key keeps one row per month, and each month chains to
 * the digest actually stored for the month before, whichever process stored it. A month missing between two
 * closed ones is never filled in: the check reports it (statement-verify.ts).
 */
export async function closeWallet(
  { db, sealer }: SealingDeps,
  userId: string,
  wallet: ClosableWallet,
  now: Date,
): Promise<number> {
  const before = closableBefore(now);
  const last = await repo.lastClosed(db, wallet.id);
  let month = last ? nextMonth(last.month) : await firstMonthOf(db, wallet);
  let previous = last?.digest ?? GENESIS_DIGEST;
  let opening: bigint | undefined;
  let closed = 0;
  for (; month < before; month = nextMonth(month)) {
    const statement = await readWalletMonth(db, userId, wallet, month, opening);
    const digest = statementDigest(statement, previous);
    const sealedAt = now.toISOString();
    const seal = sealer.seal({
      userId,
      walletId: wallet.id,
      currency: wallet.currency,
      month,
      openedAt: wallet.created_at,
      digest,
      previousDigest: previous,
      sealedAt,
    });
    await repo.insertStatement(db, {
      id: newId(),
      user_id: userId,
      account_id: wallet.id,
      currency: wallet.currency,
      month,
      movements: statement.movements.length,
      digest,
      previous_digest: previous,
      closed_at: sealedAt,
      seal,
    });
    const stored = await repo.closedStatement(db, wallet.id, month);
    if (!stored) throw new Error(`Statement ${wallet.id} ${month} missing right after it was stored`);
    previous = stored.digest;
    opening = statement.closing;
    closed++;
  }
  return closed;
}

/** Closes each of the user's wallets up to the last ended month (what a list, a download or a check asks first). */
export async function closeEndedMonths(
  deps: SealingDeps,
  userId: string,
  wallets: readonly ClosableWallet[],
  now: Date,
): Promise<void> {
  for (const wallet of wallets) await closeWallet(deps, userId, wallet, now);
}

const PAGE = 200;

/**
 * The job: closes the ended months of every wallet, a page of wallets at a time, so statements are sealed
 * even for users who never open the page. Every process may run it; the UNIQUE key makes it harmless.
 */
export function closeStatementsJob(deps: SealingDeps, everyMs = 60 * 60_000) {
  return {
    name: 'close-statements',
    everyMs,
    run: async () => {
      const now = new Date();
      const before = closableBefore(now);
      let after = '';
      for (;;) {
        const wallets = await repo.walletsToClose(deps.db, before, after, PAGE);
        for (const wallet of wallets) await closeWallet(deps, wallet.user_id, wallet, now);
        if (wallets.length < PAGE) return;
        after = wallets.at(-1)!.id;
      }
    },
  };
}
