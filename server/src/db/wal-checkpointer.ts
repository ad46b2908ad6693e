import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** Where the checkpointer says what went wrong (the app's logger). */
export interface CheckpointLog {
  error(details: object, message: string): void;
}

export interface CheckpointerOptions {
  /** How long the thread rests after a pass that found nothing new to copy (200 ms). */
  idleMs?: number;
  /** How long it rests after a pass that copied something: the writer is busy, so it comes back soon (10 ms). */
  busyMs?: number;
  /**
   * WAL frames past which the writer itself restarts the WAL (see restartIfFarBehind): the bound on the WAL's
   * size when the writer is never idle long enough for the thread's passes to leave it wholly copied. By
   * default the connection's own `wal_autocheckpoint`, the size it would have checkpointed at by itself.
   */
  restartAfterFrames?: number;
}

/** What SQLite's `wal_checkpoint` answers: 1 if it was kept from finishing, frames in the WAL, frames copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * The thread's code: a second connection that does nothing but PASSIVE checkpoints, resting between them.
 * Plain JavaScript, run with `eval`, so that it needs no build step of its own under tsx or in production.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
// A checkpoint syncs the WAL before it copies and the database file after, before SQLite may reuse the WAL.
db.pragma('synchronous = NORMAL');
let timer;
let copied = -1;
const pass = () => {
  let rest = workerData.idleMs;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ result });
    if (result.checkpointed !== copied) rest = workerData.busyMs;
    copied = result.checkpointed;
  } catch (error) {
    // SQLITE_BUSY: another connection is checkpointing (the writer's restart, the verify command); go on.
    if (error.code !== 'SQLITE_BUSY') {
      parentPort.postMessage({ error: String(error && error.message) });
      return;
    }
  }
  timer = setTimeout(pass, rest);
};
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
pass();
`;

/**
 * Checkpoints a SQLite WAL on a thread of its own, so that the server's thread seldom does.
 *
 * A checkpoint copies the pages written to the WAL back into the database file and syncs it. SQLite runs one
 * inside the COMMIT that takes the WAL past `wal_autocheckpoint` pages, on whichever thread committed: the
 * server's, holding every request behind it. Measured under the bench's transfers on a 2-core Xeon:
 * those COMMITs took 15–28 ms, 16–22 of them in 10 s, a third to a half of all the time spent committing; on
 * a bare connection running the API transfer's own statements, SQLite's work per transfer fell from ~510 µs
 * with them to ~435 µs with this thread (BENCHMARKS.md).
 *
 * Instead the server's connection gets `wal_autocheckpoint = 0` and a second connection on a worker thread
 * runs PASSIVE checkpoints in a loop: they take no lock that a reader or the writer waits for, and copy only
 * frames every reader has moved past. SQLite then starts the WAL again from its beginning at the first write
 * that finds it wholly copied, which a checkpointer that keeps up makes common; when it cannot keep up, the
 * writer restarts the WAL itself (restartIfFarBehind), so the WAL stays as bounded as SQLite keeps it.
 *
 * Durability is unchanged: SQLite reuses the WAL only once a checkpoint has synced the database file, and the
 * thread's connection syncs as the server's would (`synchronous = NORMAL`). If the thread fails, the server's
 * connection gets its own automatic checkpoints back and the failure is logged and shown on System Status.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  /** The thread's last pass, until the writer restarts the WAL. */
  private latest: CheckpointResult | undefined;
  private stopped = false;
  private readonly exited: Promise<void>;
  /** The connection's own threshold, given back to it if the thread fails. */
  private readonly autocheckpoint: number;
  private readonly restartAfterFrames: number;
  /** Why the thread stopped, if it failed (System Status reads it). */
  failure: string | undefined;
  /** Passes the thread made, and WAL restarts the writer made: for tests and for whoever tunes this. */
  readonly stats = { passes: 0, restarts: 0 };

  /** The thread's last pass, as SQLite answered it, until the writer restarts the WAL. */
  get lastPass(): Readonly<CheckpointResult> | undefined {
    return this.latest;
  }

  constructor(
    path: string,
    private readonly sqlite: SQLite.Database,
    private readonly log?: CheckpointLog,
    { idleMs = 200, busyMs = 10, restartAfterFrames }: CheckpointerOptions = {},
  ) {
    this.autocheckpoint = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
    this.restartAfterFrames = restartAfterFrames ?? (this.autocheckpoint || 4000);
    sqlite.pragma('wal_autocheckpoint = 0');
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: { path, driver, idleMs, busyMs },
    });
    // The thread must not keep alive a process that is otherwise done (a CLI, a test) until close() asks.
    this.worker.unref();
    this.worker.on('message', (message: { result?: CheckpointResult; error?: string }) => {
      if (message.result) {
        this.latest = message.result;
        this.stats.passes++;
      } else this.fail(new Error(message.error));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        this.fail(new Error(`the checkpoint thread exited (${code})`));
        resolve();
      }),
    );
  }

  /**
   * Called by the writer after a commit, with no transaction open. Once the WAL holds `restartAfterFrames`
   * frames, this connection checkpoints it with RESTART, so that the next write starts the WAL from its
   * beginning: SQLite reuses a WAL only when a writer finds it wholly copied, and under steady writes the
   * thread's passes never quite catch up. What is left to copy by then is what came since the thread's last
   * pass. If the thread is in a pass, nothing waits for it: this restart is skipped (no busy handler) and the
   * next commit tries again.
   */
  restartIfFarBehind() {
    if (this.stopped || !this.latest || this.latest.log < this.restartAfterFrames) return;
    if (this.sqlite.inTransaction) return;
    const timeout = this.sqlite.pragma('busy_timeout', { simple: true });
    this.sqlite.pragma('busy_timeout = 0');
    try {
      const [result] = this.sqlite.pragma('wal_checkpoint(RESTART)') as CheckpointResult[];
      if (Number(result!.busy) === 0) {
        this.latest = undefined;
        this.stats.restarts++;
      }
    } finally {
      this.sqlite.pragma(`busy_timeout = ${timeout}`);
    }
  }

  /** Stops the thread once its pass is done and its connection closed. */
  async close() {
    if (!this.stopped) {
      this.stopped = true;
      // Held until the thread has closed its connection: unref'd, a process with nothing else to do would end
      // in the middle of this await (a script awaiting it would exit with code 13, unsettled).
      this.worker.ref();
      this.worker.postMessage('stop');
    }
    await this.exited;
  }

  private fail(error: Error) {
    if (this.stopped) return;
    this.stopped = true;
    this.failure = error.message;
    this.sqlite.pragma(`wal_autocheckpoint = ${this.autocheckpoint}`);
    this.log?.error({ err: error }, 'background WAL checkpoints stopped; the writer checkpoints again');
    void this.worker.terminate();
  }
}
