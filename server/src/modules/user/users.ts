import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repo from './user.repository';

type Db = Kysely<Database>;

/**
 * The user module's public face: what other modules may read of a user and the changes they may make to one.
 * Each takes the caller's handle (`db`, or its open transaction) so the change commits with the caller's own
 * writes; the users table itself is written only by user.repository.ts, behind these functions.
 *
 * Who changes what: auth creates and removes accounts and sets passwords (sign-up, demo, password change and
 * reset, idle demos); email verification proves and releases addresses; kyc sets the verification level.
 */

export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return repo.findUserById(db, id);
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmail(db, email);
}

/** Which of these ids still belong to a user (an idle demo may have been removed since). */
export function existingUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  return repo.existingUserIds(db, ids);
}

/** The one check that an email address is free (sign-up, a change of address, its confirmation). */
export async function assertEmailAvailable(db: Db, email: string, exceptUserId?: string): Promise<void> {
  const owner = await repo.findUserByEmail(db, email);
  if (owner && owner.id !== exceptUserId) {
    throw new AppError('CONFLICT', 'An account with this email already exists', {
      email: 'An account with this email already exists',
    });
  }
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isDemo: boolean;
  /** When the address was proven; null until its link is opened. */
  emailVerifiedAt: string | null;
  at: string;
}

/** A new account (auth's sign-up and demo), in the caller's transaction. */
export function createUser(trx: Db, user: NewUser): Promise<UserRow> {
  return repo.insertUser(trx, {
    id: user.id,
    email: user.email,
    password_hash: user.passwordHash,
    first_name: user.firstName,
    last_name: user.lastName,
    is_demo: user.isDemo ? 1 : 0,
    email_verified_at: user.emailVerifiedAt,
    created_at: user.at,
    updated_at: user.at,
  });
}

/** Deletes the account; what other modules hold of it they release first (auth's onUserRemoving hooks). */
export async function removeUser(trx: Db, id: string): Promise<void> {
  await repo.deleteUser(trx, id);
}

/** A new password (auth: a change, or a reset's link). */
export async function setPasswordHash(trx: Db, id: string, passwordHash: string, at: string): Promise<void> {
  await repo.updatePasswordHash(trx, id, passwordHash, at);
}

/**
 * Takes `email` from an account that has held it unverified since before `cutoff` (never a demo's); answers
 * that account's id, or nothing (see user.repository.ts for how the address is given up).
 */
export function releaseUnverifiedEmail(
  trx: Db,
  email: string,
  cutoff: string,
  at: string,
): Promise<string | undefined> {
  return repo.releaseUnverifiedEmail(trx, email, cutoff, at);
}

/** The account now has (and has proven) `email` (email verification). */
export function markEmailVerified(trx: Db, id: string, email: string, at: string): Promise<UserRow> {
  return repo.markEmailVerified(trx, id, email, at);
}

/** Identity verification decided (kyc): the level sets the monthly limit. */
export async function setVerificationLevel(
  trx: Db,
  id: string,
  level: 'unverified' | 'verified',
  at: string,
): Promise<void> {
  await repo.setVerificationLevel(trx, id, level, at);
}
