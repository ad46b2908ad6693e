import type { Kysely } from 'kysely';
import type { ReadableBooks } from '@contract/accountants';
import type { Database } from '../../db/schema';
import * as repo from './accountants.repository';

/** Last used is written at most this often: a read of the books must not become a write per request. */
export const LAST_USED_EVERY_MS = 60_000;

export const displayName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/**
 * Whether the accountant may still read the owner's books, asked of the database on every request that reads
 * them (plugins/session.ts): nothing is remembered in a process, so a revocation holds at once in all of them.
 * Null when no grant stands.
 */
export async function booksAccess(
  db: Kysely<Database>,
  session: { userId: string; booksOwnerId: string },
  now: Date = new Date(),
): Promise<{ annotate: boolean } | null> {
  const grant = await repo.findGrant(db, session.booksOwnerId, session.userId);
  if (!grant) return null;
  if (!grant.last_used_at || now.getTime() - Date.parse(grant.last_used_at) >= LAST_USED_EVERY_MS) {
    await repo.touch(db, grant.id, now.toISOString());
  }
  return { annotate: Number(grant.annotate) === 1 };
}

/** The owner's books as the accountant sees them in the switcher, if the grant stands. */
export async function readableBooks(
  db: Kysely<Database>,
  accountantId: string,
  ownerId?: string,
): Promise<ReadableBooks[]> {
  const rows = await repo.listReadable(db, accountantId, ownerId);
  return rows.map((row) => ({
    ownerId: row.owner_id,
    ownerName: displayName(row.first_name, row.last_name, row.email),
    ownerEmail: row.email,
    annotate: Number(row.annotate) === 1,
  }));
}

/** Whose books the session has open, for GET /api/auth/session and /me: null for its own (or access ended). */
export async function describeOpenBooks(
  db: Kysely<Database>,
  auth: { actingUserId: string; booksOwnerId: string | null },
): Promise<ReadableBooks | null> {
  if (!auth.booksOwnerId) return null;
  const [books] = await readableBooks(db, auth.actingUserId, auth.booksOwnerId);
  return books ?? null;
}
