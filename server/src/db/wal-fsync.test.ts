import { fsync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, walFsyncOf, type DatabaseHandle } from './database';
import { groupCommitterOf } from './group-commit';
import type { Database } from './schema';

/** A real fsync that waits for `release()` before it starts: the test decides when the disk answers. */
function heldFsync() {
  const held: (() => void)[] = [];
  let calls = 0;
  return {
    fsync: (fd: number, done: (error: Error | null) => void) => {
      calls++;
      held.push(() => fsync(fd, done));
    },
    release: () => held.splice(0).forEach((start) => start()),
    get calls() {
      return calls;
    },
  };
}

const turns = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('WAL fsync off the event loop (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let disk: ReturnType<typeof heldFsync>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-wal-fsync-'));
    disk = heldFsync();
    handle = openDatabase({ sqlitePath: join(dir, 'test.db'), fsyncWal: disk.fsync });
    const created = sql`create table parent (id integer primary key)`.execute(handle.db);
    await turns();
    disk.release();
    await created;
  });

  afterEach(async () => {
    disk.release();
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (id: number) => sql`insert into parent (id) values (${id})`.execute(handle.db);
  const ids = async () =>
    (await sql<{ id: bigint }>`select id from parent order by id`.execute(handle.db)).rows.map((row) =>
      Number(row.id),
    );
  /** What another connection to the file sees (as `npm run ledger:verify` would): committed, synced or not. */
  const committedIds = () => {
    const other = new SQLite(join(dir, 'test.db'), { readonly: true });
    try {
      return (other.prepare('select id from parent order by id').all() as { id: number }[]).map(
        (row) => row.id,
      );
    } finally {
      other.close();
    }
  };
  /** Whether a promise has settled by now: after `turns()`, a promise still waiting on the held disk has not. */
  const settled = (promise: Promise<unknown>) => {
    const state = { done: false };
    void promise.then(
      () => (state.done = true),
      () => (state.done = true),
    );
    return state;
  };

  it('runs NORMAL, and answers a write only once its WAL is synced', async () => {
    expect((await sql<{ synchronous: bigint }>`pragma synchronous`.execute(handle.db)).rows[0]).toEqual({
      synchronous: 1n, // NORMAL: the sync is ours
    });
    let answered = false;
    const write = insert(1).then(() => (answered = true));
    await turns();
    expect(answered).toBe(false);
    // Committed meanwhile: the connection was released before the sync.
    expect(committedIds()).toEqual([1]);
    disk.release();
    await write;
    expect(answered).toBe(true);
  });

  it('answers a read that may have seen a write not yet on disk only once that write is', async () => {
    const syncs = disk.calls;
    const write = settled(insert(1));
    const read = ids();
    const readState = settled(read);
    await turns();
    // The read ran (the connection is free) and saw the row, but a power cut now could take the row back.
    expect(committedIds()).toEqual([1]);
    expect([write.done, readState.done]).toEqual([false, false]);
    disk.release();
    expect(await read).toEqual([1]);
    expect(write.done).toBe(true);
    // It waited for the writer's fsync and asked for none of its own.
    expect(disk.calls).toBe(syncs + 1);
  });

  it('answers a read at once when every write before it is on disk', async () => {
    const write = insert(1);
    await turns();
    disk.release();
    await write;
    const read = ids();
    const readState = settled(read);
    await turns();
    expect(readState.done).toBe(true);
    expect(await read).toEqual([1]);
  });

  it('does not sync for reads', async () => {
    const before = disk.calls;
    await ids();
    await sql`select count(*) from parent`.execute(handle.db);
    expect(disk.calls).toBe(before);
  });

  it('shares one fsync among writes that wait together; one that came during an fsync waits for the next', async () => {
    const before = walFsyncOf(handle.db)!.stats.syncs;
    const first = Promise.all([insert(1), insert(2), insert(3)]);
    await turns();
    // The three committed one after another; the first started the fsync, the other two wait for the next.
    expect(walFsyncOf(handle.db)!.stats.syncs).toBe(before + 1);
    let firstDone = false;
    void first.then(() => (firstDone = true));
    disk.release();
    await turns();
    expect(firstDone).toBe(false);
    expect(walFsyncOf(handle.db)!.stats.syncs).toBe(before + 2);
    disk.release();
    await first;
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it("runs a group commit's next batch while the last one's WAL is synced", async () => {
    const committer = groupCommitterOf(handle.db)!;
    const insertIn = (id: number) => async (trx: Transaction<Database>) => {
      await sql`insert into parent (id) values (${id})`.execute(trx);
      return id;
    };
    const firstBatch = Promise.all([committer.run(insertIn(1)), committer.run(insertIn(2))]);
    await turns();
    // The first batch is committed, its fsync held; a second batch runs and commits all the same.
    const secondBatch = Promise.all([committer.run(insertIn(3)), committer.run(insertIn(4))]);
    await turns();
    expect(committedIds()).toEqual([1, 2, 3, 4]);
    expect(committer.stats.batches).toBe(2);
    disk.release();
    await turns();
    disk.release();
    expect(await firstBatch).toEqual([1, 2]);
    expect(await secondBatch).toEqual([3, 4]);
  });

  it('fails the writes an fsync was to cover when it fails, and syncs again for later ones', async () => {
    const failing = openDatabase({
      sqlitePath: join(dir, 'failing.db'),
      fsyncWal: (_fd, done) => done(new Error('EIO: i/o error, fsync')),
    });
    try {
      await expect(sql`create table t (id integer primary key)`.execute(failing.db)).rejects.toThrow('EIO');
      await expect(sql`insert into t (id) values (1)`.execute(failing.db)).rejects.toThrow('EIO');
      expect(walFsyncOf(failing.db)!.stats).toEqual({ syncs: 2, writes: 2 });
    } finally {
      await failing.destroy();
    }
  });
});
