import type SQLite from 'better-sqlite3';

/**
 * Kysely's SQLite driver prepares every query it runs, and better-sqlite3 compiles the SQL each time; a
 * transfer runs a dozen statements, so compiling was a tenth of its CPU. This is the database Kysely is given
 * (its SqliteDatabase interface): compiled statements are reused by SQL text (bounded, least recently used
 * out). Safe because the one connection runs one query at a time, and SQLite re-prepares a statement by itself
 * if a migration changes the schema under it.
 */
export class StatementCache {
  private readonly cache = new Map<string, SQLite.Statement>();

  constructor(
    readonly sqlite: SQLite.Database,
    private readonly capacity = 500,
  ) {}

  prepare(source: string): SQLite.Statement {
    let statement = this.cache.get(source);
    if (statement) {
      this.cache.delete(source);
    } else {
      statement = this.sqlite.prepare(source);
      if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(source, statement);
    return statement;
  }

  close() {
    this.sqlite.close();
  }
}
