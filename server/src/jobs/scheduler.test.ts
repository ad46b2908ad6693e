import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, dialectsUnderTest } from '../test/test-app';
import { startJobs } from './scheduler';

describe('the scheduler', () => {
  for (const dialect of dialectsUnderTest()) {
    it(`lets a run under way finish, and be recorded, before the database closes [${dialect}]`, async () => {
      const database = await createTestDatabase(dialect);
      const handle = openDatabase({
        databaseUrl: database.config.DATABASE_URL,
        sqlitePath: database.config.SQLITE_PATH ?? '',
      });
      await migrateToLatest(handle.db as Kysely<unknown>);
      const app = Fastify();
      app.decorate('db', handle.db);
      app.addHook('onClose', () => handle.destroy()); // as app.ts does, before the jobs
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let finished = false;
      const job = {
        name: 'slow',
        everyMs: 5,
        run: async () => {
          started();
          await new Promise((resolve) => setTimeout(resolve, 100));
          finished = true;
        },
      };
      startJobs(app, [job]);
      await app.ready();
      const warn = vi.spyOn(app.log, 'warn');
      const recorded = vi.spyOn(handle.db, 'insertInto');
      await running;
      await app.close();
      expect(finished).toBe(true);
      expect(recorded).toHaveBeenCalledWith('job_runs');
      expect(warn).not.toHaveBeenCalled();
      await database.drop();
    });
  }
});
