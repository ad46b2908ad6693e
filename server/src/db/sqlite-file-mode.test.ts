import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('SQLite files are private to their owner', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-mode-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  async function writeThrough(path: string) {
    const handle = openDatabase({ sqlitePath: path });
    try {
      await sql`create table if not exists probe (id integer primary key)`.execute(handle.db);
      await sql`insert into probe default values`.execute(handle.db);
      // Checked while open: the -wal and -shm files exist only until the last connection closes.
      return [path, `${path}-wal`, `${path}-shm`].map(modeOf);
    } finally {
      await handle.destroy();
    }
  }

  it('creates the database, its WAL and its shared-memory file 0600', async () => {
    const previous = process.umask(0o022);
    try {
      expect(await writeThrough(join(freshDir(), 'nested', 'bank.db'))).toEqual([0o600, 0o600, 0o600]);
    } finally {
      process.umask(previous);
    }
  });

  it('narrows a database file an older version left readable by others', async () => {
    const path = join(freshDir(), 'bank.db');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    expect(await writeThrough(path)).toEqual([0o600, 0o600, 0o600]);
  });
});
