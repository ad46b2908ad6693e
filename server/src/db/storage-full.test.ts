import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@contract/system';
import { buildApp, type App } from '../app';
import { createLogger } from '../lib/logger';
import { testConfig } from '../test/config';
import { operatorHeaders, request, signUp, type Session } from '../test/http';
import { newKey, walletsOf } from '../test/money';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

/**
 * A full disk, without filling the real one: `max_page_count` caps the test database at the pages it has, so
 * SQLite answers SQLITE_FULL once a write needs one more page, as it does when the disk is full.
 */
describe('a full disk (SQLite)', () => {
  let database: TestDatabase;
  let app: App;
  let alice: Session;
  let usd: string;
  const lines: { msg: string; err?: { code?: string; message: string } }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(testConfig(database.config), { logger: createLogger('warn', sink) });
    alice = await signUp(app);
    usd = (await walletsOf(app, alice)).USD!.id;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const deposit = () =>
    request(app, alice, 'POST', `/api/wallets/${usd}/deposit`, { amount: '1.00' }, newKey());
  const readyz = async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
  const databaseStatus = async () => {
    // Why a system fails is for the operator; a customer sees only that it does.
    const response = await app.inject({ method: 'GET', url: '/api/system/status', headers: operatorHeaders });
    const status: SystemStatus = response.json();
    return status.integrations.find((each) => each.id === 'database')!;
  };
  const setMaxPages = (pages: number) => sql.raw(`pragma max_page_count = ${pages}`).execute(app.db);

  it('answers 503 STORAGE_FULL with Retry-After, logs SQLITE_FULL, and is not ready until a write commits', async () => {
    expect((await deposit()).statusCode).toBe(201);
    expect(await readyz()).toBe(200);
    const pages = await sql<{ page_count: bigint }>`pragma page_count`.execute(app.db);
    await setMaxPages(Number(pages.rows[0]!.page_count));

    // The pages in hand have some room left: deposits go on until one needs a new page. Four at a time, so
    // that they share a commit and fail together (group-commit.ts) as well as alone.
    let refused;
    for (let attempt = 0; attempt < 200 && !refused; attempt++) {
      const answers = await Promise.all([deposit(), deposit(), deposit(), deposit()]);
      refused = answers.find((answer) => answer.statusCode !== 201);
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.json()).toEqual({ code: 'STORAGE_FULL', message: expect.any(String) });
    expect(refused?.headers['retry-after']).toBe('5');
    const failed = lines.filter((line) => line.msg === 'request failed');
    expect(failed.at(-1)?.err).toMatchObject({ code: 'SQLITE_FULL' });
    expect(lines.some((line) => line.err?.message.includes('no transaction is active'))).toBe(false);

    expect(await readyz()).toBe(503);
    // A transaction that only reads commits without proving anything about writes.
    await app.db.transaction().execute((trx) => sql`select 1`.execute(trx));
    expect(await readyz()).toBe(503);
    expect(await databaseStatus()).toMatchObject({
      status: 'error',
      detail: expect.stringContaining('writes are failing'),
    });

    await setMaxPages(1_000_000);
    expect((await deposit()).statusCode).toBe(201);
    expect(await readyz()).toBe(200);
    expect((await databaseStatus()).status).not.toBe('error');
  });
});
