import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertStorageKey, probeStorage, type FileStorage } from './file-storage';

/**
 * Files in a folder on this machine (the embedded default, e.g. ./data/uploads next to the SQLite file).
 * A write goes to a temporary name first and is renamed into place, so a reader never sees half a file.
 * One machine only: several app machines need S3 (or one shared folder).
 */
export function localFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(base, ...key.split('/'));
  };
  const storage: FileStorage = {
    description: `Folder ${root}`,
    mode: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    probe: () => probeStorage(storage),
  };
  return storage;
}
