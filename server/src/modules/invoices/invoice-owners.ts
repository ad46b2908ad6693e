import type { Currency } from '@contract/currencies';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findUser } from '../user/users';
import { ensureWallet } from '../wallets/wallets';

/**
 * What the invoices module needs of the people and wallets it does not own: the invoice's owner (who sends
 * it, and whose home currency stamps it) and the wallet a paid invoice is credited to. Every call into
 * another module's tables from invoices goes through this file.
 */

/** The owner, if the account still exists (the overdue job skips an invoice whose owner is gone). */
export function findOwner(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return findUser(db, userId);
}

/** The owner of an invoice being worked on: a 404 if the account is gone. */
export async function ownerOf(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findOwner(db, userId);
  if (!user) throw notFound('User');
  return user;
}

/** The id of the owner's wallet in the invoice's currency, opened if they have none yet. */
export function walletToCredit(db: Kysely<Database>, userId: string, currency: Currency): Promise<string> {
  return ensureWallet(db, userId, currency);
}
