import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

export type Fsync = (fd: number, done: (error: Error | null) => void) => void;

/**
 * Makes SQLite's writes durable off the event loop.
 *
 * With `synchronous=FULL` SQLite fsyncs the WAL inside COMMIT, and better-sqlite3 is synchronous, so the whole
 * process stood still for every fsync: a group commit of ~20 transfers held the event loop ~3.7 ms, about a
 * sixth of a loaded server's time, while no request could even be parsed. Instead the database runs with
 * `synchronous=NORMAL` (SQLite then syncs only around checkpoints and when the WAL is reused) and this syncs
 * the WAL file on libuv's thread pool after every write, before the writer is answered. FULL is exactly NORMAL
 * plus a sync of the WAL after each commit, so an answered write survives power loss as it did before.
 *
 * What changes: a commit is visible to readers in this process a few milliseconds before it is durable (as
 * with early lock release). So nobody is answered before the sync: not the writer, and not a reader that may
 * have seen the write, which waits for the same sync (`durable`) instead of showing money that a power cut
 * could take back. The WAL is only ever lost from its end (each frame's checksum chains to the one before), so
 * a later write that depended on an earlier one is never durable without it.
 *
 * Concurrent callers share syncs: a caller is released by the first fsync that *started* after it asked (one
 * already running may have started before its write reached the file), so under load one fsync serves every
 * write of the last few milliseconds.
 */
export class WalFsync {
  private requested = 0;
  private started = 0;
  /** The last write covered by an fsync that has finished (or failed). */
  private finished = 0;
  private running = false;
  private fd: number | undefined;
  private readonly waiting: { ticket: number; resolve(): void; reject(error: unknown): void }[] = [];
  /** How many fsyncs served how many writes: for tests and for whoever tunes this. */
  readonly stats = { syncs: 0, writes: 0 };

  constructor(
    private readonly walPath: string,
    private readonly fsyncFile: Fsync = fsync,
  ) {}

  /** Resolves once everything written to the WAL before this call is on disk. */
  sync(): Promise<void> {
    const ticket = ++this.requested;
    this.stats.writes++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ ticket, resolve, reject });
      this.startIfNeeded();
    });
  }

  /**
   * For a reader: resolves once every write already handed to `sync` is on disk (it joins the fsync that will
   * cover them, starting none of its own); undefined when there is nothing to wait for, as on a quiet server.
   */
  durable(): Promise<void> | undefined {
    if (this.finished >= this.requested) return undefined;
    const ticket = this.requested;
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ ticket, resolve, reject });
      this.startIfNeeded();
    });
  }

  close() {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private startIfNeeded() {
    if (this.running || this.started === this.requested) return;
    this.running = true;
    const covers = (this.started = this.requested);
    this.stats.syncs++;
    let fd: number;
    try {
      fd = this.walFd();
    } catch (error) {
      this.finish(covers, error);
      return;
    }
    this.fsyncFile(fd, (error) => this.finish(covers, error));
  }

  private finish(covers: number, error: unknown) {
    this.running = false;
    this.finished = covers;
    for (let index = this.waiting.length - 1; index >= 0; index--) {
      const waiter = this.waiting[index]!;
      if (waiter.ticket > covers) continue;
      this.waiting.splice(index, 1);
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
    this.startIfNeeded();
  }

  /**
   * The WAL's descriptor, opened at the first write (SQLite creates the file then) and kept: SQLite truncates
   * and rewrites the WAL but does not delete it while a connection is open. Its directory is synced once, as
   * SQLite does for a new WAL under FULL, so the file's name survives a power loss too.
   */
  private walFd(): number {
    if (this.fd !== undefined) return this.fd;
    const fd = openSync(this.walPath, 'r');
    const directory = openSync(dirname(this.walPath), 'r');
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
    return (this.fd = fd);
  }
}
