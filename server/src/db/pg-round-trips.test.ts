import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import type { Database } from './schema';
import { inlined, thenCommit } from './pg-round-trips';

describe('inlined', () => {
  it('writes each parameter as an untyped literal, escaped as node-postgres escapes', () => {
    expect(inlined('select f($1, $2, $3, $4, $5)', ["it's", null, 12n, 3, ['a', 'b"c']])).toBe(
      `select f('it''s', null, '12', '3', ${pg.escapeLiteral('{"a","b\\"c"}')})`,
    );
    expect(inlined('select $1', ['back\\slash'])).toBe(`select ${pg.escapeLiteral('back\\slash')}`);
  });

  it('keeps out what it cannot plainly rewrite', () => {
    expect(inlined(`select 'a' || $1`, ['b'])).toBeUndefined();
    expect(inlined('select $1; select 2', ['b'])).toBeUndefined();
    expect(inlined('select $1 -- note', ['b'])).toBeUndefined();
    expect(inlined('select $$body$$', [])).toBeUndefined();
    expect(inlined('select $2', ['only one'])).toBeUndefined();
    expect(inlined('select $1', [Buffer.from('bytes')])).toBeUndefined();
  });
});

/**
 * On PostgreSQL a transaction's BEGIN goes with its first statement and its COMMIT with a statement marked as
 * its last (pg-round-trips.ts). Each test counts what the pooled connections send.
 */
const postgres = dialectsUnderTest().includes('postgres');
const sent: string[] = [];
const query = pg.Client.prototype.query;

describe.skipIf(!postgres)('BEGIN and COMMIT ride with statements [postgres]', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  const other = () => new pg.Client({ connectionString: database.config.DATABASE_URL });

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [text] = args as [string | { text?: string }];
      sent.push(typeof text === 'string' ? text : (text.text ?? '?'));
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

  const countOf = async (id: string) => {
    const client = other();
    await client.connect();
    try {
      return (await client.query('select count(*)::int as n from items where id = $1', [id])).rows[0]
        .n as number;
    } finally {
      await client.end();
    }
  };

  it('sends BEGIN with the first statement, and answers as the statement alone does', async () => {
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
      expect.stringMatching(/^begin; select id, n, b, tags, doc from items/),
      'commit',
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

  it('sends BEGIN on its own before a statement it cannot inline', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values ('quoted', ${1})`.execute(trx);
    });
    expect(sent).toEqual(['begin', "insert into items (id, n) values ('quoted', $1)", 'commit']);
    expect(await countOf('quoted')).toBe(1);
  });

  it('commits with the statement marked as the last, and Kysely’s COMMIT then sends nothing', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'first'}, ${1})`.execute(trx);
      await sql`${sql.raw(thenCommit(true))}insert into items (id, n) values (${'last'}, ${2})`.execute(trx);
      // Committed already: another connection sees both rows before Kysely's COMMIT.
      expect(await countOf('first')).toBe(1);
      expect(await countOf('last')).toBe(1);
    });
    const ours = sent.filter((text) => !text.startsWith('select count(*)'));
    expect(ours).toEqual([
      "begin; insert into items (id, n) values ('first', '1')",
      "insert into items (id, n) values ('last', '2'); commit",
    ]);
  });

  it('rolls everything back when the marked statement fails, and the connection serves the next transaction', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'kept?'}, ${1})`.execute(trx);
      await sql`${sql.raw(thenCommit(true))}insert into items (id, n) values (${'kept?'}, ${2})`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(sent.at(-1)).toBe('rollback');
    expect(await countOf('kept?')).toBe(0);
    await db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (${'next'}, ${1})`.execute(trx);
    });
    expect(await countOf('next')).toBe(1);
  });
});
