import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';
import { createTestDatabase } from './test/test-app';
import { EXIT_CODE } from './startup-failure';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Root may write any file whatever its mode: the server then runs as `nobody`, as a real deployment would. */
const asUnprivileged: SpawnOptions = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** Starts `server/src/main.ts` with its stderr captured; resolves once every process writing it has gone. */
function runServer(env: Record<string, string>, options: SpawnOptions = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...options,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Cluster workers write to the same pipe: it ends when the last of them has exited.
  const output = new Promise<string>((resolve) => child.stderr!.once('end', () => resolve(stderr)));
  return { child, exitCode, output };
}

const stackFrame = /^\s+at /m;

describe('a server that cannot start says why in one line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-startup-'));
  chmodSync(dir, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`exits ${EXIT_CODE.databaseNotWritable} on a read-only SQLite file or directory`, async () => {
    const file = join(dir, 'read-only.db');
    writeFileSync(file, '');
    chmodSync(file, 0o444);
    const readOnlyDir = join(dir, 'read-only-dir');
    mkdirSync(readOnlyDir);
    chmodSync(readOnlyDir, 0o555);
    for (const [path, named] of [
      [file, file],
      [join(readOnlyDir, 'meridian.db'), readOnlyDir],
    ]) {
      const server = runServer({ SQLITE_PATH: path!, PORT: String(await freePort()) }, asUnprivileged);
      expect(await server.exitCode).toBe(EXIT_CODE.databaseNotWritable);
      const lines = (await server.output).trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Meridian cannot start: ${named} cannot be written (EACCES).`);
    }
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `exits ${EXIT_CODE.databaseNotWritable} on a PostgreSQL database that refuses writes`,
    async () => {
      const database = await createTestDatabase('postgres');
      const url = database.config.DATABASE_URL!;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(
          `alter database ${new URL(url).pathname.slice(1)} set default_transaction_read_only = on`,
        );
        const server = runServer({ DATABASE_URL: url, PORT: String(await freePort()) });
        expect(await server.exitCode).toBe(EXIT_CODE.databaseNotWritable);
        const lines = (await server.output).trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^Meridian cannot start: PostgreSQL refuses writes \(cannot execute .* in a read-only transaction\)/,
        );
      } finally {
        await admin.end();
        await database.drop();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a worker started as the primary dies exits with one line, not an EPIPE stack',
    async () => {
      const database = await createTestDatabase('postgres');
      const port = await freePort();
      const server = runServer({
        DATABASE_URL: database.config.DATABASE_URL!,
        WORKERS: '2',
        PORT: String(port),
        RATES_TICK_MS: '3600000',
      });
      const workers = () =>
        execFileSync('pgrep', ['-P', String(server.child.pid), '-f', 'main.ts'], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .map(Number);
      const seen = new Set<number>();
      const killAll = () => {
        for (const pid of seen) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      };
      // Whatever happens, no worker outlives the test (its primary, our child, is killed below).
      const cleanUp = setTimeout(killAll, 150_000);
      try {
        await expect
          .poll(
            () =>
              fetch(`http://127.0.0.1:${port}/readyz`).then(
                (r) => r.status,
                () => 0,
              ),
            // A budget for a loaded machine: the primary and two workers each compile and migrate first.
            { timeout: 90_000, interval: 200 },
          )
          .toBe(200);
        const [first] = workers();
        workers().forEach((pid) => seen.add(pid));
        process.kill(first!, 'SIGKILL');
        // The primary forks a replacement; it dies the moment the new worker exists, while that one starts.
        let replacement: number | undefined;
        await expect
          .poll(() => (replacement = workers().find((pid) => !seen.has(pid))), {
            timeout: 10_000,
            interval: 5,
          })
          .toBeDefined();
        server.child.kill('SIGKILL');
        seen.add(replacement!);
        const output = await server.output;
        expect(output).toContain(`worker ${replacement}: the primary process is gone`);
        expect(output).not.toMatch(stackFrame);
      } finally {
        clearTimeout(cleanUp);
        server.child.kill('SIGKILL');
        killAll();
        await database.drop();
      }
    },
    180_000,
  );
});
