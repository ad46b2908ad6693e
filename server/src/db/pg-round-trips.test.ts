import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import type { Database } from './schema';
import { thenCommit } from './pg-round-trips';

/**
 * On PostgreSQL a transaction's BEGIN goes with its first statement and its COMMIT with a statement marked as
 * its last (pg-round-trips.ts). Each test records what the pooled connections send, in round trips: queries
 * sent in one synchronous turn are written together and answered in one wait.
 */
const postgres = dialectsUnderTest().includes('postgres');
const sent: string[][] = [];
let turn: string[] | null = null;
const query = pg.Client.prototype.query;

describe.skipIf(!postgres)('BEGIN and COMMIT ride with statements [postgres]', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [text] = args as [string | { text?: string }];
      if (!turn) {
        sent.push((turn = []));
        queueMicrotask(() => (turn = null));
      }
      turn.push(typeof text === 'string' ? text : (text.text ?? '?'));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    database = await createTestDatabase('postgres');
    handle = openDatabase({ databaseUrl: database.config.DATABASE_URL, sqlitePath: '' });
    db = handle.db;
    await sql`create table items (id text primary key, n integer, b bigint, tags text[], doc jsonb)`.execute(
      db,
    );
  });

  afterAll(async () => {
    pg.Client.prototype.query = query;
    await handle?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    await sql`delete from items`.execute(db);
    sent.length = 0;
  });

  /** Read from a connection of its own, outside the pool under test. */
  const countOf = async (id: string) => {
    const client = new pg.Client({ connectionString: database.config.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query('select count(*)::int as n from items where id = $1', [id])).rows[0]
        .n as number;
    } finally {
      await client.end();
    }
  };
  const ours = () => sent.filter((trip) => !trip[0]!.startsWith('select count(*)'));

  it('sends BEGIN with the first statement, its parameters kept as parameters, and answers as the statement alone does', async () => {
    await sql`insert into items values ('a', 7, 9007199254740993, '{x,y}', '{"k": 1}')`.execute(db);
    sent.length = 0;
    const filter = sql`select id, n, b, tags, doc from items
      where n = ${7} and b = ${9007199254740993n} and ${'y'} = any(tags) and doc = ${'{"k": 1}'}::jsonb
        and ${null}::text is null`;
    const outside = (await filter.execute(db)).rows;
    const inside = await db.transaction().execute(async (trx) => (await filter.execute(trx)).rows);
    expect(inside).toEqual(outside);
    expect(inside).toEqual([{ id: 'a', n: 7, b: 9007199254740993n, tags: ['x', 'y'], doc: { k: 1 } }]);
    expect(sent.slice(1)).toEqual([
      ['begin', expect.stringMatching(/^select id, n, b, tags, doc from items\s+where n = \$1 and b = \$2/)],
      ['commit'],
    ]);
  });

  it('sends nothing for a transaction that sends nothing', async () => {
    await db.transaction().execute(async () => {});
    await expect(
      db.transaction().execute(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    expect(sent).toEqual([]);
  });

  it('commits with the statement marked as the last, and Kysely’s COMMIT then sends nothing', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'first'}, ${1})`.execute(trx);
      await sql`${sql.raw(thenCommit(true))}insert into items (id, n) values (${'last'}, ${2})`.execute(trx);
      // Committed already: another connection sees both rows before Kysely's COMMIT.
      expect(await countOf('first')).toBe(1);
      expect(await countOf('last')).toBe(1);
    });
    expect(ours()).toEqual([
      ['begin', 'insert into items (id, n) values ($1, $2)'],
      ['insert into items (id, n) values ($1, $2)', 'commit'],
    ]);
  });

  it('rolls everything back when the marked statement fails, and the connection serves the next transaction', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'kept?'}, ${1})`.execute(trx);
      await sql`${sql.raw(thenCommit(true))}insert into items (id, n) values (${'kept?'}, ${2})`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(ours().at(-1)).toEqual(['insert into items (id, n) values ($1, $2)', 'commit']);
    expect(await countOf('kept?')).toBe(0);
    await db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'next'}, ${1})`.execute(trx);
    });
    expect(await countOf('next')).toBe(1);
  });

  it('fails the transaction when its first statement fails with BEGIN, and sends its ROLLBACK', async () => {
    await sql`insert into items (id, n) values ('taken', 1)`.execute(db);
    sent.length = 0;
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'taken'}, ${2})`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(ours()).toEqual([['begin', 'insert into items (id, n) values ($1, $2)'], ['rollback']]);
    await db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'after'}, ${1})`.execute(trx);
    });
    expect(await countOf('after')).toBe(1);
  });

  it('refuses a statement sent after the one marked last', async () => {
    const late = db.transaction().execute(async (trx) => {
      await sql`${sql.raw(thenCommit(true))}insert into items (id, n) values (${'marked'}, ${1})`.execute(
        trx,
      );
      await sql`insert into items (id, n) values (${'late'}, ${2})`.execute(trx);
    });
    await expect(late).rejects.toThrow(/after its transaction’s last/);
    expect(await countOf('marked')).toBe(1);
    expect(await countOf('late')).toBe(0);
    // A transaction whose one statement is its last: BEGIN, the statement and COMMIT in one round trip.
    expect(ours()[0]).toEqual(['begin', 'insert into items (id, n) values ($1, $2)', 'commit']);
  });
});
