import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { releaseUnverifiedEmail } from '../user/users';
import { deleteSessionsOf } from './auth.repository';

const DAY_MS = 86_400_000;

/**
 * An address belongs to an account only once proven. Whoever registers an address that is not theirs and
 * never verifies it would otherwise keep its owner out for good (409 on every sign-up), so an account that
 * left its address unverified for `releaseDays` gives it up, in the transaction of the sign-up (or change of
 * address) that asks for it: the stale account is renamed to a tombstone and every session of it ends. Its
 * money stays where it is, on its wallets, with the ledger untouched (it can only be money it put there
 * itself: nobody can pay an unverified account, and it can send no invoice); payments to the address wait in
 * held transfers, which follow the address to whoever proves it. Answers the released account's id.
 */
export async function releaseStaleAddress(
  trx: Kysely<Database>,
  email: string,
  now: Date,
  releaseDays: number,
): Promise<string | undefined> {
  const cutoff = new Date(now.getTime() - releaseDays * DAY_MS).toISOString();
  const released = await releaseUnverifiedEmail(trx, email, cutoff, now.toISOString());
  if (released) await deleteSessionsOf(trx, released);
  return released;
}
