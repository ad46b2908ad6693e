import type { PgListener } from '../../db/pg-listener';

/** Where PostgreSQL announces each session that ends (sql/sessions-signal.sql uses this same name). */
export const SESSIONS_CHANNEL = 'meridian_sessions';

export interface CachedSession {
  userId: string;
  /** Whose books the session has open (null: its own); a change is announced like an end (migration 0038). */
  booksOwnerId: string | null;
  /** Epoch milliseconds, as last read or written by this process (another process may have touched it since). */
  lastSeenAt: number;
  expiresAt: number;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

/**
 * On PostgreSQL, the sessions this process has recently seen, so a signed-in request need not ask the
 * database who its cookie belongs to: that lookup was one of the two round trips of `GET /api/wallets`.
 *
 * The database stays the truth. An entry is trusted only while the process is LISTENing for ended sessions
 * (every delete of a session row is announced at commit: migration 0020), and for at most `maxAgeMs` after it
 * was read, which bounds what a silently broken listener could cost. When the listener drops, everything is
 * forgotten. A session read from the database is remembered only if nothing was announced while the read was
 * under way: an announcement that overtook the read may have been about this very session.
 *
 * What another process does is heard within the time a notification takes to arrive (well under a
 * millisecond on one machine); a request that lands in that window is answered as if it had come just before
 * the sign-out. This process's own sign-outs are forgotten at once (`forget`, `forgetUser`).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every announcement and every lost connection: see `mark`. */
  private generation = 0;

  constructor(
    private readonly listener: Pick<PgListener, 'on' | 'onLost' | 'listening'>,
    private readonly options: { maxAgeMs: number; maxEntries: number; now?: () => number },
  ) {
    listener.on(SESSIONS_CHANNEL, (sessionId) => {
      this.generation++;
      this.entries.delete(sessionId);
    });
    listener.onLost(() => {
      this.generation++;
      this.entries.clear();
    });
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** The session, if this process may answer for it without the database. */
  get(sessionId: string): CachedSession | undefined {
    if (!this.listener.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt > this.options.maxAgeMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Taken just before reading a session from the database, and handed to `remember` with what was read. */
  mark(): number | null {
    return this.listener.listening ? this.generation : null;
  }

  /** Keeps a session read from the database, unless something was announced (or lost) since `mark`. */
  remember(sessionId: string, session: CachedSession, mark: number | null) {
    if (mark === null || mark !== this.generation || !this.listener.listening) return;
    if (this.entries.size >= this.options.maxEntries && !this.entries.has(sessionId)) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, { ...session, cachedAt: this.now() });
  }

  /** This process refreshed the session's last_seen_at. */
  touched(sessionId: string, lastSeenAt: number) {
    const entry = this.entries.get(sessionId);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  /** This process ended the session: no need to wait for the announcement. */
  forget(sessionId: string) {
    this.entries.delete(sessionId);
  }

  /** This process ended every session of the user except `keep`. */
  forgetUser(userId: string, keep?: string) {
    for (const [sessionId, entry] of this.entries) {
      if (entry.userId === userId && sessionId !== keep) this.entries.delete(sessionId);
    }
  }
}
