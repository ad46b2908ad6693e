import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What this process knows of one key's window. */
interface KeyCount {
  key: string;
  timeWindow: number;
  /** Epoch ms the window began: the database's once a flush has answered, else this process's first hit. */
  windowStart: number;
  /** The total the database last returned, plus what is being written right now. */
  known: number;
  /** Hits admitted here and not yet written. */
  pending: number;
}

interface Sent {
  count: KeyCount;
  hits: number;
  windowStart: number;
}

export interface BatchedCounterOptions {
  flushEveryMs?: number;
  /** Told once when flushes start failing (not on every retry, which comes every `flushEveryMs`). */
  onFlushError?: (error: unknown) => void;
  /** Epoch ms; tests pass their own clock to end a window without waiting for it. */
  now?: () => number;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * Counts hits for the large rate limits in memory and writes them to `rate_limits` in batches, so a request
 * costs no database round trip while every process still counts against one shared total. The rows, their
 * keys and the window rule (a fixed window per key that restarts at the first write after it is over) are
 * those of the exact per-request upsert in rate-limit-store.ts, so both agree on the same rows.
 *
 * The price is some over-admission: a process learns the others' hits only when it flushes, so until then it
 * can admit, on top of `max`, what the others admitted and it has not seen. Beyond `max`, at most about
 * (number of processes − 1) × the requests one client makes in one flush interval (plus a round trip): a few
 * dozen at most at 50 ms against 600 a minute. That is why only large limits come here.
 *
 * If a flush fails (the database down), the hits stay pending for the next one and answers keep coming from
 * memory: each process still applies the limit to what it has seen, as it would on its own.
 */
export class BatchedRateLimitCounter {
  private readonly counts = new Map<string, KeyCount>();
  private readonly dirty = new Set<KeyCount>();
  private readonly flushEveryMs: number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private failing = false;
  private readonly now: () => number;
  private lastSweep: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: BatchedCounterOptions = {},
  ) {
    this.flushEveryMs = options.flushEveryMs ?? 50;
    this.now = options.now ?? Date.now;
    this.lastSweep = this.now();
  }

  /** Counts one hit and answers at once from what this process knows. */
  hit(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = this.now();
    let count = this.counts.get(key);
    if (!count) {
      count = { key, timeWindow, windowStart: now, known: 0, pending: 0 };
      this.counts.set(key, count);
    } else if (count.windowStart + timeWindow <= now) {
      // The window is over. Hits not yet written belonged to it and no longer count against anything; dropping
      // them also keeps a long database outage from piling minutes of hits onto one window.
      count.windowStart = now;
      count.known = 0;
      count.pending = 0;
    }
    count.timeWindow = timeWindow;
    count.pending += 1;
    this.dirty.add(count);
    this.scheduleFlush();
    return { current: count.known + count.pending, ttl: Math.max(0, count.windowStart + timeWindow - now) };
  }

  /** Writes every pending hit now (one statement per distinct time window, in practice one). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing ??= this.writePending().finally(() => {
      this.flushing = null;
      this.scheduleFlush();
    });
    return this.flushing;
  }

  /** Writes what is pending and schedules no more flushes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flushing;
    await this.flush();
  }

  private scheduleFlush() {
    if (this.timer || this.flushing || this.closed || this.dirty.size === 0) return;
    // unref: pending counters never keep a process alive; close() writes them.
    this.timer = setTimeout(() => void this.flush(), this.flushEveryMs).unref();
  }

  private async writePending() {
    const byTimeWindow = new Map<number, Sent[]>();
    const now = this.now();
    for (const count of this.dirty) {
      // As in hit(): hits of a window that is over count against nothing; writing them would start the next.
      if (count.windowStart + count.timeWindow <= now) {
        count.pending = 0;
        continue;
      }
      const sent = { count, hits: count.pending, windowStart: count.windowStart };
      // Counted as known while in flight, so answers meanwhile still include them.
      count.known += count.pending;
      count.pending = 0;
      const group = byTimeWindow.get(count.timeWindow) ?? [];
      byTimeWindow.set(count.timeWindow, group.concat(sent));
    }
    this.dirty.clear();
    for (const [timeWindow, batch] of byTimeWindow) await this.writeBatch(timeWindow, batch);
    this.sweep();
  }

  private async writeBatch(timeWindow: number, batch: Sent[]) {
    // Rows in key order: two processes flushing overlapping keys lock them in the same order, so they never
    // deadlock. Arrays (unnest) keep it one statement with three parameters however many keys there are.
    batch.sort((a, b) => (a.count.key < b.count.key ? -1 : a.count.key > b.count.key ? 1 : 0));
    const now = this.now();
    const stale = now - timeWindow;
    try {
      const { rows } = await sql<{ key: string; hits: number; window_start: bigint }>`
        insert into rate_limits (key, hits, window_start)
        select key, hits, ${now}::bigint
        from unnest(${batch.map((sent) => sent.count.key)}::text[], ${batch.map((sent) => sent.hits)}::integer[])
          with ordinality as batch(key, hits, position)
        order by position
        on conflict (key) do update set
          hits = case when rate_limits.window_start <= ${stale} then excluded.hits
                      else rate_limits.hits + excluded.hits end,
          window_start = case when rate_limits.window_start <= ${stale} then excluded.window_start
                              else rate_limits.window_start end
        returning key, hits, window_start`.execute(this.db);
      this.failing = false;
      const byKey = new Map(batch.map((sent) => [sent.count.key, sent.count]));
      const answeredAt = this.now();
      for (const row of rows) {
        const count = byKey.get(row.key)!;
        const windowStart = Number(row.window_start);
        // A window already over says nothing about the current one: the next hit restarts it.
        if (windowStart + timeWindow <= answeredAt) continue;
        // The database's total includes every process's written hits and ours just sent; hits admitted here
        // meanwhile are in `pending`, on top.
        count.known = Number(row.hits);
        count.windowStart = windowStart;
      }
    } catch (error) {
      for (const sent of batch) {
        // Hits of a window that has ended while they were in flight are dropped, as in hit().
        if (sent.count.windowStart !== sent.windowStart) continue;
        sent.count.known -= sent.hits;
        sent.count.pending += sent.hits;
        this.dirty.add(sent.count);
      }
      if (!this.failing) this.options.onFlushError?.(error);
      this.failing = true;
    }
  }

  /** Forgets keys whose window is over and that have nothing to write, so memory follows the active clients. */
  private sweep() {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, count] of this.counts) {
      if (count.pending === 0 && count.windowStart + count.timeWindow <= now) this.counts.delete(key);
    }
  }
}
