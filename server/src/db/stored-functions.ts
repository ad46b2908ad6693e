import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL functions have ONE source each: a `.sql` file beside the code that owns their rule
 * (`modules/<module>/sql/*.sql`, and `db/sql/*.sql` for this layer's own), holding one `create or replace
 * function` statement. Migrations hold schema (tables, and the triggers that call these functions); a
 * function's text is applied here, after the migrations, whenever it changed, so the file is what runs.
 *
 * What was applied is remembered as a hash per file in `stored_functions` (migration 0028). Several processes
 * may start at once (node:cluster): the step runs in one transaction under an advisory lock, so one process
 * applies a change and the others then find it applied. SQLite has none of these functions.
 */
const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

/** Any number the project's other advisory locks do not use: Kysely's migration lock is a different key. */
const LOCK_KEY = 7_381_220_028;

/** The function files of the source tree: `db/sql/*.sql`, then `modules/<module>/sql/*.sql`, by path. */
export function storedFunctionFiles(root = sourceRoot): string[] {
  const sqlIn = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.sql'))
          .sort()
          .map((name) => join(dir, name))
      : [];
  const modules = join(root, 'modules');
  return [
    ...sqlIn(join(root, 'db', 'sql')),
    ...readdirSync(modules)
      .sort()
      .flatMap((module) => sqlIn(join(modules, module, 'sql'))),
  ];
}

/** Applies each function file whose text is not the one last applied; answers the files it applied. */
export async function applyStoredFunctions(
  db: Kysely<unknown>,
  files = storedFunctionFiles(),
): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return [];
  const wanted = files.map((file) => {
    const text = readFileSync(file, 'utf8');
    return {
      name: relative(sourceRoot, file).split('\\').join('/'),
      text,
      hash: createHash('sha256').update(text).digest('hex'),
    };
  });
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const { rows } = await sql<{
      name: string;
      hash: string;
    }>`select name, hash from stored_functions`.execute(trx);
    const applied = new Map(rows.map((row) => [row.name, row.hash]));
    const changed = wanted.filter((file) => applied.get(file.name) !== file.hash);
    for (const file of changed) {
      await sql.raw(file.text).execute(trx);
      await sql`insert into stored_functions (name, hash) values (${file.name}, ${file.hash})
        on conflict (name) do update set hash = excluded.hash`.execute(trx);
    }
    return changed.map((file) => file.name);
  });
}
