import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/src/app';
import { newId } from '../server/src/lib/ids';
import { WalCheckpointer } from '../server/src/db/wal-checkpointer';
import { WalFsync } from '../server/src/db/wal-fsync';
import { signUp, type Session } from '../server/src/test/http';
import { fund, sendUsd, walletsOf } from '../server/src/test/money';
import { testConfig } from '../server/src/test/config';

/** One statement as the server ran it: its SQL, how it was run, and what was bound to it. */
export interface RanStatement {
  source: string;
  method: 'run' | 'all' | 'get';
  params: unknown[];
}

type StatementMethod = (this: SQLite.Statement, ...args: unknown[]) => unknown;

/**
 * Records every statement better-sqlite3 runs in this process while `during` runs (the server's SQL as it
 * reaches SQLite, whatever built it). Statements share one prototype, so patching it sees them all.
 */
async function recordStatements(probe: SQLite.Database, during: () => Promise<unknown>) {
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, StatementMethod>;
  const methods = ['run', 'all', 'get'] as const;
  const originals = methods.map((method) => prototype[method]!);
  const ran: RanStatement[] = [];
  methods.forEach((method, index) => {
    prototype[method] = function (this: SQLite.Statement, ...args: unknown[]) {
      const params = args.length === 1 && Array.isArray(args[0]) ? [...(args[0] as unknown[])] : args;
      ran.push({ source: this.source, method, params });
      return originals[index]!.apply(this, args);
    };
  });
  try {
    await during();
  } finally {
    methods.forEach((method, index) => (prototype[method] = originals[index]!));
  }
  return ran;
}

/** The statements of the money transaction itself: from BEGIN IMMEDIATE to its COMMIT. */
function theTransaction(ran: RanStatement[]): RanStatement[] {
  const begin = ran.findIndex((statement) => /^begin immediate$/i.test(statement.source.trim()));
  const commit = ran.findIndex(
    (statement, index) => index > begin && /^commit$/i.test(statement.source.trim()),
  );
  if (begin < 0 || commit < 0) throw new Error('no money transaction among the statements the server ran');
  return ran.slice(begin + 1, commit);
}

const isTimestamp = (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value);
const isUuidV7 = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Who a recorded transfer was between: what names them in its statements. */
export interface Party {
  userId: string;
  walletId: string;
  email: string;
}

/**
 * One recorded transfer, ready to be run again as another: which values are its own (new ids, the
 * Idempotency-Key, the time: whatever differed from a second transfer between the same customers) and which
 * name its sender and recipient, and where each appears, whole or quoted in a text (the stored answer, a
 * notification's message).
 */
export interface TransferTemplate {
  statements: RanStatement[];
  sender: Party;
  recipient: Party;
  /** The transfer's own values, each with how to make a fresh one. */
  own: { value: string; fresh: () => string }[];
  /** [statement, parameter] of every text that holds one of those values or a party's. */
  texts: { statement: number; param: number }[];
}

export function templateOf(
  first: RanStatement[],
  second: RanStatement[],
  parties: { sender: Party; recipient: Party },
): TransferTemplate {
  const same =
    first.length === second.length &&
    first.every((statement, index) => statement.source === second[index]!.source);
  if (!same) throw new Error('two transfers between the same customers ran different statements');
  const own = new Map<string, () => string>();
  first.forEach((statement, index) => {
    statement.params.forEach((value, param) => {
      const other = second[index]!.params[param];
      if (value === other) return;
      if (typeof value !== 'string' || typeof other !== 'string')
        throw new Error(`a parameter other than a text varies between transfers: ${statement.source}`);
      // A text that merely quotes the ids (the stored answer) is rewritten, not made afresh.
      if (isTimestamp(value)) own.set(value, () => new Date().toISOString());
      else if (isUuidV7(value)) own.set(value, newId);
      else if (!/[\s"{]/.test(value)) own.set(value, randomUUID);
    });
  });
  const known = [...own.keys(), ...partyValues(parties.sender), ...partyValues(parties.recipient)];
  const texts: TransferTemplate['texts'] = [];
  first.forEach((statement, index) =>
    statement.params.forEach((value, param) => {
      if (typeof value === 'string' && known.some((token) => value.includes(token)))
        texts.push({ statement: index, param });
    }),
  );
  return {
    statements: first,
    ...parties,
    own: [...own].map(([value, fresh]) => ({ value, fresh })),
    texts,
  };
}

const partyValues = (party: Party) => [party.userId, party.walletId, party.email];

/** The template's statements as a transfer from `sender` to `recipient` would bind them, with fresh ids. */
export function nextTransfer(template: TransferTemplate, sender: Party, recipient: Party): unknown[][] {
  const replacements = new Map<string, string>(template.own.map(({ value, fresh }) => [value, fresh()]));
  partyValues(template.sender).forEach((value, index) =>
    replacements.set(value, partyValues(sender)[index]!),
  );
  partyValues(template.recipient).forEach((value, index) =>
    replacements.set(value, partyValues(recipient)[index]!),
  );
  const params = template.statements.map((statement) => [...statement.params]);
  for (const { statement, param } of template.texts) {
    const value = params[statement]![param] as string;
    params[statement]![param] =
      replacements.get(value) ??
      [...replacements].reduce((text, [from, to]) => text.replaceAll(from, to), value);
  }
  return params;
}

/**
 * Opens the server's database file as the server does (db/database.ts: WAL, synchronous=NORMAL with the WAL
 * synced after each commit, checkpoints on a thread of their own with the writer restarting the WAL past 4000
 * pages, foreign keys on, integers as BigInt) and runs the
 * template again as transfers between `customers`, paired as the bench's load pairs them, in group-commit
 * batches of `batch`, each in a savepoint, the WAL synced off the loop while the next batch runs
 * (db/group-commit.ts, db/wal-fsync.ts). Making the parameters is the bench's work, not the database's, so
 * its time is left out.
 */
export async function replayTransfers(
  path: string,
  template: TransferTemplate,
  customers: Party[],
  length: { seconds: number } | { transfers: number },
  batch: number,
): Promise<{ transfersPerSecond: number; count: number }> {
  const db = new SQLite(path);
  const wal = new WalFsync(`${path}-wal`);
  let checkpointer: WalCheckpointer | undefined;
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('temp_store = MEMORY');
    db.pragma('foreign_keys = ON');
    db.pragma('wal_autocheckpoint = 4000');
    db.defaultSafeIntegers(true);
    checkpointer = new WalCheckpointer(path, db);
    const statements = template.statements.map((statement) => ({
      prepared: db.prepare(statement.source),
      method: statement.method,
    }));
    const begin = db.prepare('begin immediate');
    const savepoint = db.prepare('savepoint batch_member');
    const release = db.prepare('release batch_member');
    const commit = db.prepare('commit');
    const syncs: Promise<void>[] = [];

    let count = 0;
    let making = 0;
    const started = performance.now();
    const done = () =>
      'seconds' in length ? performance.now() - started >= length.seconds * 1000 : count >= length.transfers;
    const pair = (turn: number) => {
      const sender = customers[turn % customers.length]!;
      const recipient = customers[((turn + 1) * 7) % customers.length]!;
      return [sender, recipient === sender ? customers[(turn + 2) % customers.length]! : recipient] as const;
    };
    while (!done()) {
      const madeFrom = performance.now();
      const size = 'transfers' in length ? Math.min(batch, length.transfers - count) : batch;
      const transfers = Array.from({ length: size }, (_, index) =>
        nextTransfer(template, ...pair(count + index)),
      );
      making += performance.now() - madeFrom;
      begin.run();
      for (const params of transfers) {
        savepoint.run();
        statements.forEach(({ prepared, method }, index) => prepared[method](params[index]));
        release.run();
      }
      commit.run();
      checkpointer.restartIfFarBehind();
      count += size;
      syncs.push(wal.sync());
      // A turn of the event loop, as the server's batches get: the finished fsync is seen and the next begins.
      await new Promise<void>((turn) => setImmediate(turn));
    }
    await Promise.all(syncs);
    const elapsed = (performance.now() - started - making) / 1000;
    return { transfersPerSecond: count / elapsed, count };
  } finally {
    await checkpointer?.close();
    wal.close();
    db.close();
  }
}

/**
 * SQLite's own limit for Meridian's transfer, the counterpart of transfer-floor.pgbench: the statements one
 * API transfer (1.00 USD between two customers) runs, recorded from the real app in this process, then run
 * again on a bare connection to the same database between `customers` customers, with fresh ids, in batches
 * as the group commit makes them. No HTTP, no session, no JavaScript but the loop's: what is left is SQLite's
 * work, its commits and checkpoints, and the WAL's fsync.
 */
export async function measureSqliteTransferFloor(options: {
  customers: number;
  batch: number;
  length: { seconds: number } | { transfers: number };
}) {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-floor-'));
  const path = join(dir, 'floor.db');
  try {
    const { template, customers } = await recordTransfer(path, options.customers);
    const replayed = await replayTransfers(path, template, customers, options.length, options.batch);
    return { ...replayed, statements: template.statements.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Opens the app on a new database at `path` with `count` funded customers who have each sent once (so every
 * later transfer finds what a first one makes, such as the sender's month), records two transfers from the
 * first to the second, and closes the app.
 */
export async function recordTransfer(
  path: string,
  count: number,
): Promise<{ template: TransferTemplate; customers: Party[] }> {
  // As many sign-ups and verification links as the bench's customers need from one address.
  const app = await buildApp(testConfig({ SQLITE_PATH: path, VERIFY_LINKS_PER_MINUTE: 100_000 }));
  const probe = new SQLite(':memory:');
  try {
    const sessions: Session[] = [];
    const customers: Party[] = [];
    for (let index = 0; index < Math.max(count, 2); index++) {
      const session = await signUp(app);
      const walletId = (await walletsOf(app, session)).USD!.id;
      await fund(app.db, walletId, '1000000000.00', 'USD');
      sessions.push(session);
      customers.push({ userId: session.user.id, walletId, email: session.user.email });
    }
    const send = async (from: number, to: number) => {
      const answer = await sendUsd(app, sessions[from]!, sessions[to]!.user.email, '1.00');
      if (answer.statusCode !== 201) throw new Error(`transfer: ${answer.statusCode} ${answer.body}`);
    };
    for (let index = 0; index < sessions.length; index++) await send(index, (index + 1) % sessions.length);
    const first = theTransaction(await recordStatements(probe, () => send(0, 1)));
    const second = theTransaction(await recordStatements(probe, () => send(0, 1)));
    const template = templateOf(first, second, { sender: customers[0]!, recipient: customers[1]! });
    return { template, customers };
  } finally {
    probe.close();
    await app.close();
  }
}
