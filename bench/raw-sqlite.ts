import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * The raw durable limit of SQLite on this machine for a transfer-shaped transaction: the same pragmas as the
 * server (WAL, synchronous=FULL), one writer, and per transfer what the ledger must do at minimum — read the
 * source balance, update two balances, insert an entry and two postings, commit.
 */
export function measureRawSqliteTransfers(seconds: number): { transfersPerSecond: number; count: number } {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-raw-'));
  const db = new SQLite(join(dir, 'raw.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`
      create table accounts (id integer primary key, balance integer not null);
      create table entries (id integer primary key, created_at text not null);
      create table postings (id integer primary key, entry_id integer not null, account_id integer not null, amount integer not null);
    `);
    const insertAccount = db.prepare('insert into accounts (id, balance) values (?, ?)');
    db.transaction(() => {
      for (let id = 1; id <= 100; id++) insertAccount.run(id, 1_000_000_000);
    })();
    const readBalance = db.prepare('select balance from accounts where id = ?');
    const adjust = db.prepare('update accounts set balance = balance + ? where id = ?');
    const insertEntry = db.prepare('insert into entries (created_at) values (?)');
    const insertPosting = db.prepare('insert into postings (entry_id, account_id, amount) values (?, ?, ?)');
    const transfer = db.transaction((from: number, to: number, amount: number) => {
      const row = readBalance.get(from) as { balance: number };
      if (row.balance < amount) throw new Error('insufficient');
      const entry = insertEntry.run(new Date().toISOString()).lastInsertRowid;
      insertPosting.run(entry, from, -amount);
      insertPosting.run(entry, to, amount);
      adjust.run(-amount, from);
      adjust.run(amount, to);
    });
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    let count = 0;
    while (performance.now() < deadline) {
      const from = 1 + (count % 100);
      transfer.immediate(from, 1 + ((from + 37) % 100), 100);
      count++;
    }
    const elapsed = (performance.now() - started) / 1000;
    return { transfersPerSecond: count / elapsed, count };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
