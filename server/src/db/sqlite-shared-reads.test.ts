import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('reads outside a transaction share one per turn of the event loop (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-shared-reads-'));
    // The disk answers at once, so a test's awaits stay within one turn of the event loop, where the shared
    // read transaction is open.
    handle = openDatabase({ sqlitePath: join(dir, 'test.db'), fsyncWal: (_fd, done) => done(null) });
    await sql`create table parent (id integer primary key)`.execute(handle.db);
    // Another process's connection, as `npm run ledger:verify` or a backup would open.
    other = new SQLite(join(dir, 'test.db'), { timeout: 0 });
  });

  afterEach(async () => {
    other.close();
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = async () =>
    (await sql<{ id: bigint }>`select id from parent order by id`.execute(handle.db)).rows.map((row) =>
      Number(row.id),
    );
  const insert = (id: number) => sql`insert into parent (id) values (${id})`.execute(handle.db);
  /** Whether a reader holds back a full checkpoint (a reader's snapshot keeps the WAL). */
  const checkpointBlocked = () =>
    (other.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]!.busy === 1;

  it('holds one read transaction for the turn, and lets it go after', async () => {
    await insert(1);
    await nextTurn();
    expect(await ids()).toEqual([1]);
    expect(checkpointBlocked()).toBe(true);
    await nextTurn();
    expect(checkpointBlocked()).toBe(false);
  });

  it('never hides a write of this process from a read after it, in the same turn', async () => {
    await nextTurn();
    expect(await ids()).toEqual([]);
    expect(checkpointBlocked()).toBe(true); // the shared read transaction is open
    await insert(1);
    expect(await ids()).toEqual([1]);
    await insert(2);
    expect(await ids()).toEqual([1, 2]);
  });

  it('ends the shared reads before a transaction begins (no nested BEGIN)', async () => {
    await nextTurn();
    expect(await ids()).toEqual([]);
    const written = await handle.db.transaction().execute(async (trx) => {
      await sql`insert into parent (id) values (1)`.execute(trx);
      return (await sql<{ id: bigint }>`select id from parent`.execute(trx)).rows.length;
    });
    expect(written).toBe(1);
    expect(await ids()).toEqual([1]);
  });

  it('runs a PRAGMA on its own, where it takes effect', async () => {
    const foreignKeys = async () =>
      Number(
        (await sql<{ foreign_keys: bigint }>`pragma foreign_keys`.execute(handle.db)).rows[0]!.foreign_keys,
      );
    await nextTurn();
    expect(await ids()).toEqual([]);
    // Inside a transaction SQLite ignores this one without a word.
    await sql`pragma foreign_keys = off`.execute(handle.db);
    expect(await foreignKeys()).toBe(0);
    await sql`pragma foreign_keys = on`.execute(handle.db);
    expect(await foreignKeys()).toBe(1);
  });

  it('streams on its own beside shared reads', async () => {
    for (const id of [1, 2, 3]) await insert(id);
    const streamed: number[] = [];
    await nextTurn();
    expect(await ids()).toEqual([1, 2, 3]);
    const db = handle.db as unknown as Kysely<{ parent: { id: bigint } }>;
    for await (const row of db.selectFrom('parent').select('id').stream()) {
      streamed.push(Number(row.id));
      await nextTurn(); // a slow reader: the stream's statement stays open across turns
    }
    expect(streamed).toEqual([1, 2, 3]);
    expect(await ids()).toEqual([1, 2, 3]);
  });
});
