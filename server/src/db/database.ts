import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, SqliteAdapter, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import { CurrencyCheckPlugin } from './currency-check';
import { enableGroupCommit } from './group-commit';
import { PipelinedBeginDriver } from './pg-pipelined-begin';
import type { Database } from './schema';
import { ImmediateSqliteDriver } from './sqlite-immediate-driver';
import { StatementCache } from './statement-cache';
import { WalCheckpointer, type CheckpointLog } from './wal-checkpointer';
import { WalFsync, type Fsync } from './wal-fsync';
import { WriteHealth } from './write-health';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL: the most connections this process opens (PG_POOL_SIZE); 10 when not given. */
  poolSize?: number;
  /**
   * PostgreSQL: how long a statement waits for a lock (PG_LOCK_TIMEOUT_MS), and a transaction may sit idle
   * (PG_IDLE_IN_TRANSACTION_TIMEOUT_MS), before the server gives up on it; unset or 0, without limit (a
   * command, a seeder).
   */
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  sqlitePath: string;
  /** How a SQLite WAL is synced (tests hold it back to see who waits for it); node's fsync by default. */
  fsyncWal?: Fsync;
  /**
   * Who copies a SQLite file database's WAL back into it: `background`, a thread of its own
   * (db/wal-checkpointer.ts: the server, SQLITE_CHECKPOINTS), or `inline` (the default, for a command or a
   * seeder that writes and is gone), the COMMIT that takes the WAL past 4000 pages, as SQLite does by itself.
   */
  checkpoints?: 'background' | 'inline';
  /** Where the background checkpointer reports a failure. */
  log?: CheckpointLog;
}

// Bigint columns (money, counts) come back as BigInt, never a lossy number or a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openSqlite(options);
}

function openPostgres(connectionString: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    // Pipeline mode: a transaction's BEGIN goes with its first statement (pg-pipelined-begin.ts).
    pipeline: true,
    // A stalled process must not hold everyone else's writers: a lock wait ends in an error the request
    // answers as 503 (plugins/error-handler.ts), and a transaction left idle has its session ended, which
    // frees its locks (the process sees a lost connection: db/connection-lost.ts).
    lock_timeout: options.lockTimeoutMs || undefined,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs || undefined,
  });
  // An idle pooled connection can be ended by the server (a restart, an administrator, a dropped test
  // database). The pool discards it and opens a new one when needed; without a listener, pg would raise the
  // error as an uncaught exception and take the process down.
  pool.on('error', () => {});
  // The same for a connection lost while checked out between two queries of a transaction (the pool listens
  // only to idle ones): the transaction's next query fails with the error; the event itself must not crash us.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const dialect = new PostgresDialect({ pool });
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new PipelinedBeginDriver(dialect.createDriver()),
      createIntrospector: (kysely) => dialect.createIntrospector(kysely),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
    plugins: [new CurrencyCheckPlugin()],
  });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

function openSqlite({ sqlitePath: path, fsyncWal, checkpoints = 'inline', log }: DatabaseOptions) {
  if (path !== ':memory:' && path !== '') keepOwnerOnly(path);
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  // An acknowledged write survives power loss, not just a process crash: under FULL SQLite fsyncs the WAL in
  // every COMMIT, holding the event loop. A file database runs NORMAL instead and its writers wait for
  // WalFsync, which syncs the WAL on the thread pool (db/wal-fsync.ts); same guarantee, the loop stays free.
  const inMemory = path === ':memory:' || path === '';
  sqlite.pragma(inMemory ? 'synchronous = FULL' : 'synchronous = NORMAL');
  const wal = inMemory ? undefined : new WalFsync(`${path}-wal`, fsyncWal);
  // Temporary tables and statement journals in memory: a statement that may need to undo itself halfway (an
  // insert that fires a trigger or checks a foreign key) opened a statement journal in a temporary file
  // first, 22 µs of each history row's 29 (BENCHMARKS.md). They hold one statement's pages.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoint every 4000 WAL pages (16 MiB) rather than 1000: a ledger page rewritten by many commits is
  // copied into the database once per checkpoint, and checkpoints block the event loop. Measured: +10%
  // transfers/s, no change in p99 (BENCHMARKS.md). With the background checkpointer this is what the thread
  // lets the WAL grow to before the writer restarts it, and what the writer gets back if the thread fails.
  sqlite.pragma('wal_autocheckpoint = 4000');
  // Integers as BigInt so money never passes through a float.
  sqlite.defaultSafeIntegers(true);
  const checkpointer =
    wal && checkpoints === 'background' ? new WalCheckpointer(path, sqlite, log) : undefined;
  const statements = new StatementCache(sqlite);
  const health = new WriteHealth();
  const dialect = new SqliteDialect({ database: statements });
  const db = new Kysely<Database>({
    plugins: [new CurrencyCheckPlugin()],
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () =>
        new ImmediateSqliteDriver(dialect.createDriver(), statements, wal, checkpointer, health),
      createIntrospector: (kysely) => dialect.createIntrospector(kysely),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
  });
  enableGroupCommit(db);
  if (wal) walFsyncs.set(db, wal);
  if (checkpointer) checkpointers.set(db, checkpointer);
  writeHealths.set(db, health);
  return { db, dialect: 'sqlite', destroy: () => db.destroy() } satisfies DatabaseHandle;
}

export type { DatabaseConnection };

/**
 * The database holds every balance, session and sealed card number: only its owner may read it, like the key
 * files. The file is created 0600 before SQLite opens it (a database left 0644 by an older version is narrowed
 * too); SQLite gives its -wal and -shm files the database file's own mode, and existing ones are narrowed here.
 */
function keepOwnerOnly(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

const walFsyncs = new WeakMap<Kysely<Database>, WalFsync>();
const checkpointers = new WeakMap<Kysely<Database>, WalCheckpointer>();
const writeHealths = new WeakMap<Kysely<Database>, WriteHealth>();

/** Whether a SQLite database's writes are failing for lack of storage (/readyz, System Status). */
export const writeHealthOf = (db: Kysely<Database>) => writeHealths.get(db);

/** The background checkpointer of a SQLite file database (for tests and for whoever tunes it). */
export const checkpointerOf = (db: Kysely<Database>) => checkpointers.get(db);

/** The WAL syncer of a SQLite file database (for tests and for whoever tunes it). */
export const walFsyncOf = (db: Kysely<Database>) => walFsyncs.get(db);
