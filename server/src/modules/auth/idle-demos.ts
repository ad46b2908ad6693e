import { withMoneyTransaction } from '../../db/money-transaction';
import { removeUser } from '../user/users';
import type { AuthContext } from './auth-context';
import * as repo from './auth.repository';

/** Removes demo users nobody has used for DEMO_IDLE_HOURS. Returns how many went. */
export async function removeIdleDemoUsers(ctx: AuthContext): Promise<number> {
  const { db, config, now } = ctx;
  const cutoff = new Date(now().getTime() - config.DEMO_IDLE_HOURS * 3_600_000).toISOString();
  let removed = 0;
  // One transaction per user, so one failure does not keep every other idle demo alive.
  for (const { id } of await repo.findIdleDemoUsers(db, cutoff)) {
    // A money transaction like any other: the release posts a closing entry (retried on PostgreSQL
    // serialization failures, part of a group commit on SQLite).
    removed += await withMoneyTransaction(db, async (trx) => {
      // Re-checked inside the transaction: the user may have come back since the scan.
      if (!(await repo.isIdleDemoUser(trx, id, cutoff))) return 0;
      for (const hook of ctx.hooks.userRemoving) await hook(trx, id);
      await removeUser(trx, id);
      return 1;
    });
  }
  return removed;
}
