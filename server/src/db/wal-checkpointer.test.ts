import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkpointerOf, openDatabase } from './database';
import { WalCheckpointer, type CheckpointResult } from './wal-checkpointer';

const until = (condition: () => boolean, what: string) =>
  expect.poll(condition, { timeout: 10_000, interval: 10, message: `waited 10 s for ${what}` }).toBe(true);

/** A row of ~3 KB: each commit of one writes a page or more to the WAL. */
const insertRows = (db: SQLite.Database, count: number) => {
  const insert = db.prepare('insert into filler (body) values (?)');
  for (let index = 0; index < count; index++) insert.run('x'.repeat(3000));
};

const openWal = (path: string) => {
  const db = new SQLite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 4000');
  return db;
};

describe('WAL checkpoints on a thread of their own (SQLite)', () => {
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-checkpointer-'));
    path = join(dir, 'test.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("takes checkpoints away from the writer's connection and copies its commits into the database file", async () => {
    const handle = openDatabase({ sqlitePath: path, checkpoints: 'background' });
    try {
      const checkpointer = checkpointerOf(handle.db)!;
      expect(checkpointer).toBeDefined();
      // The writer's COMMIT never checkpoints now.
      const auto = await sql<{ wal_autocheckpoint: bigint }>`pragma wal_autocheckpoint`.execute(handle.db);
      expect(auto.rows[0]!.wal_autocheckpoint).toBe(0n);

      await sql`create table filler (id integer primary key, body text)`.execute(handle.db);
      const fileBefore = statSync(path).size;
      for (let index = 0; index < 50; index++)
        await sql`insert into filler (body) values (${'x'.repeat(3000)})`.execute(handle.db);

      // The thread's passes copy all 50 commits into the database file, which grows by their pages. Wait on
      // both: a pass reported while the inserts ran may be a whole copy of a shorter WAL, and the thread's
      // report of the pass that grew the file may still be on its way.
      await until(() => {
        const pass = checkpointer.lastPass;
        const wholeWalCopied = pass !== undefined && pass.log > 0 && pass.checkpointed === pass.log;
        return wholeWalCopied && statSync(path).size > fileBefore + 50 * 3000;
      }, 'a pass that copied the whole WAL, and the database file holding the 50 commits');
      // Nobody else copied them: the writer neither checkpoints nor had to restart the WAL.
      expect(checkpointer.stats.restarts).toBe(0);
      expect(checkpointer.failure).toBeUndefined();
    } finally {
      await handle.destroy();
    }
  });

  it('has the writer restart a WAL the thread has fallen behind on, without waiting for the thread', async () => {
    const writer = openWal(path);
    writer.exec('create table filler (id integer primary key, body text)');
    writer.pragma('wal_autocheckpoint = 0');
    insertRows(writer, 40);
    // One pass at start, then the thread sleeps for the rest of the test: it has fallen behind.
    const checkpointer = new WalCheckpointer(path, writer, undefined, {
      idleMs: 60_000,
      busyMs: 60_000,
      restartAfterFrames: 20,
    });
    try {
      await until(() => checkpointer.stats.passes === 1, 'the first pass');
      expect(checkpointer.lastPass!.log).toBeGreaterThanOrEqual(40);
      insertRows(writer, 40);

      checkpointer.restartIfFarBehind();
      expect(checkpointer.stats.restarts).toBe(1);
      // The restart copied what came after the thread's pass: a PASSIVE checkpoint finds nothing left to copy.
      const reader = new SQLite(path);
      const [after] = reader.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
      expect(after!.checkpointed).toBe(after!.log);
      expect(reader.prepare('select count(*) as n from filler').get()).toEqual({ n: 80 });
      reader.close();

      // Until the thread reports again, the writer does not restart a second time.
      checkpointer.restartIfFarBehind();
      expect(checkpointer.stats.restarts).toBe(1);
    } finally {
      await checkpointer.close();
      writer.close();
    }
  });

  it('gives the writer its own checkpoints back, and says so, when the thread fails', async () => {
    const writer = openWal(path);
    const log = { error: vi.fn() };
    // A path in a folder that does not exist: the thread fails to open it.
    const checkpointer = new WalCheckpointer(join(dir, 'missing', 'test.db'), writer, log);
    try {
      await until(() => checkpointer.failure !== undefined, 'the failure');
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(4000);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        expect.stringContaining('the writer checkpoints again'),
      );
      checkpointer.restartIfFarBehind();
      expect(checkpointer.stats.restarts).toBe(0);
    } finally {
      await checkpointer.close();
      writer.close();
    }
  });

  it('lets a process that is otherwise done close the database and end normally', () => {
    // The thread is unref'd so that it never keeps a process alive; closing must still wait for it. A command
    // that awaited an unref'd thread's exit ended with code 13 in the middle of its close (found by the bench).
    const database = fileURLToPath(new URL('./database.ts', import.meta.url));
    const script = join(dir, 'close.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(database)};
       const handle = openDatabase({ sqlitePath: ${JSON.stringify(path)}, checkpoints: 'background' });
       await handle.db.schema.createTable('filler').addColumn('id', 'integer').execute();
       // Once the thread is up and resting between passes.
       await new Promise((resolve) => setTimeout(resolve, 300));
       await handle.destroy();
       console.log('closed');`,
    );
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('closed');
  });
});
