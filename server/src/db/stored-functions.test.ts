import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectsUnderTest } from '../test/test-app';
import { migrateToLatest } from './migrate';
import { applyStoredFunctions, storedFunctionFiles } from './stored-functions';

const postgres = dialectsUnderTest().includes('postgres');

/** The body of a file's function: what PostgreSQL keeps as the function's source (pg_proc.prosrc). */
const bodyOf = (file: string) => {
  const [, body] = readFileSync(file, 'utf8').split('$fn$');
  return body!;
};

const nameOf = (file: string) => /create or replace function (\w+)\(/.exec(readFileSync(file, 'utf8'))![1]!;

describe.skipIf(!postgres)('stored functions come from their .sql files [postgres]', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    app = await createTestApp('postgres');
    db = app.app.db as Kysely<unknown>;
  });
  afterAll(async () => app?.close());

  const functions = () =>
    sql<{ name: string; source: string }>`select p.proname as name, p.prosrc as source
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prolang = (select oid from pg_language where lanname = 'plpgsql')`
      .execute(db)
      .then((result) => result.rows);

  it('every PL/pgSQL function in the database is the text of exactly one file', async () => {
    const files = storedFunctionFiles();
    expect(files.length).toBeGreaterThan(0);
    const byName = new Map(files.map((file) => [nameOf(file), file]));
    expect(byName.size).toBe(files.length);
    const live = await functions();
    expect(live.map((fn) => fn.name).sort()).toEqual([...byName.keys()].sort());
    for (const fn of live) expect(fn.source, fn.name).toBe(bodyOf(byName.get(fn.name)!));
  });

  it('applies a file again only when its text changed, and several processes may start at once', async () => {
    expect(await applyStoredFunctions(db)).toEqual([]);
    // As an older text (a migration's) would be: the next start puts the file's back.
    await sql`create or replace function sessions_signal() returns trigger language plpgsql as $$
      begin return null; end $$`.execute(db);
    await sql`update stored_functions set hash = 'an older text' where name = 'modules/auth/sql/sessions-signal.sql'`.execute(
      db,
    );
    const starts = await Promise.all([
      migrateToLatest(db),
      applyStoredFunctions(db),
      applyStoredFunctions(db),
    ]);
    // Every migration had been applied already: this start applied none.
    expect(starts).toEqual([[], expect.any(Array), expect.any(Array)]);
    const [, second, third] = starts;
    // The step ran first in one of them, under the lock; the others found nothing left to do.
    expect([...second, ...third].length).toBeLessThanOrEqual(1);
    const live = await functions();
    const file = storedFunctionFiles().find((path) => path.endsWith('sessions-signal.sql'))!;
    expect(live.find((fn) => fn.name === 'sessions_signal')?.source).toBe(bodyOf(file));
  });
});
