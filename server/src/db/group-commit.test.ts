import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { groupCommitterOf, type GroupCommitter } from './group-commit';
import type { Database } from './schema';

describe('group commit (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let committer: GroupCommitter;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-group-commit-'));
    handle = openDatabase({ sqlitePath: join(dir, 'test.db') });
    committer = groupCommitterOf(handle.db)!;
    await sql`create table parent (id integer primary key)`.execute(handle.db);
    await sql`create table child (id integer primary key,
      parent_id integer not null references parent (id) deferrable initially deferred)`.execute(handle.db);
  });

  afterEach(async () => {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertParent = (id: number) => async (trx: Transaction<Database>) => {
    await sql`insert into parent (id) values (${id})`.execute(trx);
    return id;
  };
  const parents = async () =>
    (await sql<{ id: bigint }>`select id from parent order by id`.execute(handle.db)).rows.map((row) =>
      Number(row.id),
    );

  it('commits transactions that arrive together once, each with its own result', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((id) => committer.run(insertParent(id))));
    expect(results).toEqual([1, 2, 3, 4]);
    expect(await parents()).toEqual([1, 2, 3, 4]);
    expect(committer.stats).toEqual({ batches: 1, largestBatch: 4 });
  });

  it('rolls back a failing member alone; the others commit', async () => {
    const failing = async (trx: Transaction<Database>) => {
      await sql`insert into parent (id) values (2)`.execute(trx);
      throw new Error('insufficient funds');
    };
    const outcomes = await Promise.allSettled([
      committer.run(insertParent(1)),
      committer.run(failing),
      committer.run(insertParent(3)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('insufficient funds'));
    expect(await parents()).toEqual([1, 3]);
  });

  it('fails every member when the commit fails, and keeps none of their writes', async () => {
    // A deferred foreign key is checked at COMMIT: the orphan makes the batch's commit fail.
    const orphan = async (trx: Transaction<Database>) => {
      await sql`insert into child (id, parent_id) values (1, 99)`.execute(trx);
    };
    const outcomes = await Promise.allSettled([committer.run(insertParent(1)), committer.run(orphan)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await parents()).toEqual([]);
    // And the writer is free again afterwards.
    await committer.run(insertParent(5));
    expect(await parents()).toEqual([5]);
  });

  it('runs a lone transaction on its own, and later arrivals in a later batch', async () => {
    await committer.run(insertParent(1));
    await committer.run(insertParent(2));
    expect(committer.stats).toEqual({ batches: 2, largestBatch: 1 });
    expect(await parents()).toEqual([1, 2]);
  });
});
