import type { ColumnType, Selectable } from 'kysely';

/**
 * Column conventions, the same on SQLite and PostgreSQL so one set of queries serves both:
 * - ids are random UUID text (never guessable, never sequential across users);
 * - timestamps are ISO-8601 UTC text from `Date#toISOString()`, which sorts correctly as text;
 * - flags are integers 0/1 (SQLite has no boolean);
 * - money is bigint minor units (read as BigInt on both dialects, see database.ts).
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  is_demo: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself is only ever in the user's cookie. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; the idle timeout is checked against last_seen_at. */
  expires_at: string;
  ip: string;
  user_agent: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
