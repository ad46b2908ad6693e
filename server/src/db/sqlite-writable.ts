import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Throws (EACCES, EROFS, with the path) unless this process may write the SQLite database at `path`: the file,
 * its WAL and shared-memory files, or for those not made yet, their directory. SQLite opens a file it may not
 * write read-only without complaint, and the first write, or the checkpoint thread, then fails deep inside
 * start-up; asked first, the server names the file in one line (startup-failure.ts). A folder not made yet is
 * made when the database opens (or that fails, naming it).
 */
export function assertSqliteWritable(path: string) {
  if (path === ':memory:' || path === '' || !existsSync(dirname(path))) return;
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    accessSync(existsSync(file) ? file : dirname(file), constants.W_OK);
  }
}
