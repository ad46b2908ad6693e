import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';

/** PG_POOL_SIZE bounds the PostgreSQL connections one process opens: more requests than that wait their turn. */
describe.skipIf(!dialectsUnderTest().includes('postgres'))('the pool size [postgres]', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    handle = openDatabase({ databaseUrl: database.config.DATABASE_URL, sqlitePath: '', poolSize: 2 });
  });
  afterAll(async () => {
    await handle?.destroy();
    await database?.drop();
  });

  it('six queries at once are answered by two connections, each in turn', async () => {
    const backends = await Promise.all(
      Array.from({ length: 6 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid from pg_sleep(0.05)`.execute(handle.db),
      ),
    );
    expect(new Set(backends.map(({ rows }) => rows[0]!.pid)).size).toBe(2);
  });
});
