import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app';
import type { Config } from '../config/env';
import { testConfig } from './config';
import type { Dialect } from '../db/database';

/**
 * Every database test runs on both dialects: SQLite always, PostgreSQL when TEST_DATABASE_URL is set
 * (otherwise those suites show as skipped, by name, so nobody mistakes a SQLite-only run for a full one).
 * Each suite gets its own fresh database: a temp SQLite file, or a new PostgreSQL database dropped after.
 */
export interface TestContext {
  app: App;
  dialect: Dialect;
  config: Config;
}

export interface TestDatabase {
  config: Partial<Config>;
  drop(): Promise<void>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-test-'));
  return {
    config: { SQLITE_PATH: join(dir, 'test.db') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function createPostgres(adminUrl: string): Promise<TestDatabase> {
  const name = `meridian_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A fresh, empty database of the given dialect (config to reach it, and a way to drop it). */
export function createTestDatabase(dialect: Dialect, adminUrl = postgresUrl): Promise<TestDatabase> {
  if (dialect === 'postgres' && !adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return dialect === 'postgres' ? createPostgres(adminUrl!) : createSqlite();
}

/** The dialects this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dialectsUnderTest = (): Dialect[] => (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']);

/** Builds an app on a fresh database of the given dialect. Call `close` when done. */
export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const config = testConfig({ ...database.config, ...overrides });
  const app = await buildApp(config, options);
  return {
    app,
    dialect,
    config,
    close: async () => {
      // The database goes even when closing the app fails (a test that cut its connection, say).
      try {
        await app.close();
      } finally {
        await database.drop();
      }
    },
  };
}

/** `describe` once per dialect, with `ctx.app` ready inside the tests (`options.logger`: to read its log). */
export function describeEachDatabase(
  title: string,
  define: (ctx: TestContext) => void,
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
) {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const name = `${title} [${dialect}]`;
    if (dialect === 'postgres' && !postgresUrl) {
      describe.skip(`${name} (skipped: set TEST_DATABASE_URL to run on PostgreSQL)`, () =>
        define({} as TestContext));
      continue;
    }
    describe(name, () => {
      const ctx = { dialect } as TestContext;
      let close: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const created = await createTestApp(dialect, overrides, options);
        Object.assign(ctx, created);
        close = created.close;
      });
      afterAll(async () => close?.());
      define(ctx);
    });
  }
}
