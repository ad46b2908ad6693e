import type { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { plainStatusDetail, type SystemStatus, type SystemTest } from '@contract/system';
import { checkpointerOf } from '../../db/database';
import { recordRun } from '../../jobs/scheduler';
import { cuttableProxy } from '../../test/cuttable-proxy';
import { operatorHeaders, request, signUp, startDemo, type Session } from '../../test/http';
import {
  createTestApp,
  createTestDatabase,
  describeEachDatabase,
  type TestContext,
} from '../../test/test-app';

const byId = (status: SystemStatus) => Object.fromEntries(status.integrations.map((each) => [each.id, each]));
/** As an operator: the test apps' OPERATOR_TOKEN as a bearer, no session. */
const asOperator = (ctx: { app: TestContext['app'] }, method: 'GET' | 'POST', url: string) =>
  request(ctx.app, null, method, url, undefined, operatorHeaders);

describeEachDatabase('system status', (ctx) => {
  it('shows an operator every integration, what is configured and what production needs', async () => {
    const status: SystemStatus = (await asOperator(ctx, 'GET', '/api/system/status')).json();
    expect(status.operatorView).toBe(true);
    const all = byId(status);
    expect(Object.keys(all)).toEqual([
      'database',
      'rates',
      'mail',
      'push',
      'rate-limits',
      'cards',
      'payments',
      'verification',
      'storage',
      'scheduler',
    ]);
    expect(all.database).toMatchObject({ status: 'working' });
    expect(all.database!.configured).toMatch(ctx.dialect === 'postgres' ? /^PostgreSQL at / : /^SQLite at /);
    expect(all.rates).toMatchObject({ status: 'warning', production: expect.stringContaining('RATES_URL') });
    expect(all.mail).toMatchObject({ status: 'warning', production: 'A mail server: SMTP_URL' });
    expect(all.push!.status).toBe('working');
    expect(all.cards).toMatchObject({
      status: 'warning',
      production: expect.stringContaining('STRIPE_SECRET_KEY'),
    });
    expect(all.payments).toMatchObject({
      status: 'warning',
      production: expect.stringContaining('STRIPE_WEBHOOK_SECRET'),
    });
    expect(all.verification).toMatchObject({
      status: 'warning',
      production: expect.stringContaining('identity verification provider'),
    });
    expect(all.storage).toMatchObject({
      status: 'warning',
      production: expect.stringContaining('S3_ENDPOINT'),
    });
    expect(status.total).toBe(10);
    expect(status.working).toBe(status.integrations.filter((each) => each.status === 'working').length);
    expect(status.jobs.map((job) => job.name)).toContain('match-limit-orders');
  });

  it('shows a stranger, a customer and a demo only each system’s status in plain words', async () => {
    // A job's error can name a host: operators read it, nobody else.
    const job = { name: 'match-limit-orders', everyMs: 2_000, run: async () => 0 };
    await recordRun(ctx.app, job, new Date(), new Error('connect ECONNREFUSED db-primary.internal:5432'));
    const operatorView = (await asOperator(ctx, 'GET', '/api/system/status')).body;
    expect(operatorView).toContain('db-primary.internal:5432');
    expect(operatorView).toMatch(
      ctx.dialect === 'postgres' ? /PostgreSQL at 127\.0\.0\.1:5432\// : /SQLite at /,
    );
    expect(operatorView).toContain('card key from');

    const callers: [string, Session | null][] = [
      ['stranger', null],
      ['customer', await signUp(ctx.app)],
      ['demo', await startDemo(ctx.app)],
    ];
    for (const [who, session] of callers) {
      const response = await request(ctx.app, session, 'GET', '/api/system/status');
      expect(response.statusCode, who).toBe(200);
      const status: SystemStatus = response.json();
      expect(status.operatorView, who).toBe(false);
      expect(status.jobs, who).toEqual([]);
      expect(status.integrations.map((each) => each.id)).toEqual(
        (JSON.parse(operatorView) as SystemStatus).integrations.map((each) => each.id),
      );
      for (const each of status.integrations) {
        expect(each, `${who}: ${each.id}`).toEqual({
          id: each.id,
          name: each.name,
          status: each.status,
          detail: plainStatusDetail[each.status],
          configured: null,
          production: null,
        });
      }
      expect(byId(status).scheduler!.status, who).toBe('error');
      for (const secret of [
        'db-primary',
        '5432',
        'SQLite',
        'PostgreSQL',
        'key file',
        'SMTP',
        'outbox',
        'data/',
      ]) {
        expect(response.body, `${who} sees ${secret}`).not.toContain(secret);
      }
    }
    await recordRun(ctx.app, job, new Date(), null);
  });

  it('keeps live probes for operators: a stranger is a 401, a customer or a demo a 403', async () => {
    const probes = (session: Session | null, headers: Record<string, string> = {}) =>
      request(ctx.app, session, 'POST', '/api/system/test', undefined, headers);
    const stranger = await probes(null);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'An operator token is required' });
    for (const session of [await signUp(ctx.app), await startDemo(ctx.app)]) {
      const customer = await probes(session);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({ code: 'FORBIDDEN', message: 'This is for operators only' });
    }
    const wrong = { authorization: 'Bearer not-the-operator-token' };
    expect((await probes(null, wrong)).statusCode).toBe(401);
    expect((await request(ctx.app, null, 'GET', '/api/system/status', undefined, wrong)).statusCode).toBe(
      401,
    );
  });

  it('runs live probes for an operator and says how many systems are operational', async () => {
    const test: SystemTest = (await asOperator(ctx, 'POST', '/api/system/test')).json();
    expect(test.message).toBe(`${test.working}/${test.total} systems operational`);
    expect(byId(test).database!.status).toBe('working');
    expect(byId(test).storage).toMatchObject({
      status: 'warning',
      detail: 'A probe file was written, read back and removed (one machine only)',
    });
  });

  it("judges the scheduler by each job's last run, from any process", async () => {
    const job = { name: 'match-limit-orders', everyMs: 2_000, run: async () => 0 };
    const scheduler = async () =>
      byId((await asOperator(ctx, 'GET', '/api/system/status')).json()).scheduler!;
    await recordRun(ctx.app, job, new Date(), new Error('the market is closed'));
    expect(await scheduler()).toMatchObject({
      status: 'error',
      detail: expect.stringContaining('match-limit-orders (the market is closed)'),
    });
    await recordRun(ctx.app, job, new Date(), null);
    expect((await scheduler()).status).not.toBe('error');
    await recordRun(ctx.app, job, new Date(Date.now() - 60_000), null);
    await ctx.app.db
      .updateTable('job_runs')
      .set({ finished_at: new Date(Date.now() - 60_000).toISOString() })
      .where('name', '=', job.name)
      .execute();
    expect(await scheduler()).toMatchObject({ status: 'warning', detail: expect.stringContaining('late') });
    const status: SystemStatus = (await asOperator(ctx, 'GET', '/api/system/status')).json();
    expect(status.jobs.find((each) => each.name === job.name)!.lagSeconds).toBeGreaterThanOrEqual(57);
  });

  it('serves Prometheus metrics: latency by route, ledger entries, job lag', async () => {
    await request(ctx.app, null, 'GET', '/api/system/status');
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(
      /meridian_http_request_duration_seconds_bucket\{[^}]*method="GET",route="\/api\/system\/status",status_code="200"/,
    );
    expect(response.body).toMatch(/^meridian_ledger_entries \d+$/m);
    expect(response.body).toContain('meridian_sse_connections');
    expect(response.body).toContain('meridian_process_cpu_seconds_total');
    // SQLite's WAL checkpoint thread (db/wal-checkpointer.ts); PostgreSQL has none.
    const checkpointThread = /^meridian_sqlite_checkpoint_thread_up\{database="sqlite"\} 1$/m;
    if (ctx.dialect === 'sqlite') expect(response.body).toMatch(checkpointThread);
    else expect(response.body).not.toMatch(/^meridian_sqlite_checkpoint_thread_up\{/m);
  });
});

describe('SQLite checkpoint thread down', () => {
  it('shows the database as a warning, and /metrics the thread as down, while the writer checkpoints again', async () => {
    const ctx = await createTestApp('sqlite');
    try {
      const checkpointer = checkpointerOf(ctx.app.db)!;
      // As if the thread had crashed: its private worker ended from outside.
      await (checkpointer as unknown as { worker: Worker }).worker.terminate();
      expect(checkpointer.failure).toMatch(/exited/);

      const status: SystemStatus = (await asOperator(ctx, 'GET', '/api/system/status')).json();
      expect(byId(status).database).toMatchObject({
        status: 'warning',
        detail: expect.stringContaining('Background WAL checkpoints stopped'),
      });
      const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/^meridian_sqlite_checkpoint_thread_up\{database="sqlite"\} 0$/m);
      // Money still moves: the writer's own automatic checkpoints are back.
      const autocheckpoint = await sql<{ wal_autocheckpoint: bigint }>`pragma wal_autocheckpoint`.execute(
        ctx.app.db,
      );
      expect(autocheckpoint.rows[0]!.wal_autocheckpoint).toBe(4000n);
    } finally {
      await ctx.close();
    }
  });
});

describe('metrics token', () => {
  it('wants the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'a-long-enough-metrics-token';
    const ctx = await createTestApp('sqlite', { METRICS_TOKEN: token });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = { authorization: 'Bearer not-the-token' };
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode).toBe(401);
      const right = { authorization: `Bearer ${token}` };
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: right })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('operator token unset', () => {
  it('makes nobody an operator: everyone gets the plain view, and any bearer token is a 401', async () => {
    const ctx = await createTestApp('sqlite', { OPERATOR_TOKEN: undefined });
    try {
      const status: SystemStatus = (await request(ctx.app, null, 'GET', '/api/system/status')).json();
      expect(status.operatorView).toBe(false);
      expect(status.integrations.every((each) => each.configured === null)).toBe(true);
      expect((await asOperator(ctx, 'GET', '/api/system/status')).statusCode).toBe(401);
      expect((await asOperator(ctx, 'POST', '/api/system/test')).statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('system status with the database down [postgres]', () => {
  it('still answers, and says the database is the problem; other calls are a 503', async () => {
    const database = await createTestDatabase('postgres');
    const proxy = await cuttableProxy(new URL(database.config.DATABASE_URL!));
    const ctx = await createTestApp('postgres', { DATABASE_URL: proxy.url.toString() }).catch(
      async (error) => {
        await database.drop();
        throw error;
      },
    );
    try {
      const session = await signUp(ctx.app);
      expect(byId((await asOperator(ctx, 'GET', '/api/system/status')).json()).database!.status).toBe(
        'working',
      );
      await proxy.cut();
      const down = await asOperator(ctx, 'POST', '/api/system/test');
      expect(down.statusCode).toBe(200);
      const status: SystemTest = down.json();
      expect(byId(status).database).toMatchObject({ status: 'error' });
      expect(byId(status).database!.detail).toMatch(/^Cannot reach the database/);
      expect(byId(status).scheduler!.status).toBe('error');
      // A customer (now as a stranger: sessions cannot be read) is told the database is down, not where it is.
      const plain: SystemStatus = (await request(ctx.app, session, 'GET', '/api/system/status')).json();
      expect(byId(plain).database).toMatchObject({ status: 'error', detail: 'Not working right now' });
      const wallets = await request(ctx.app, session, 'GET', '/api/wallets');
      expect(wallets.statusCode).toBe(503);
      expect(wallets.json().code).toBe('UNAVAILABLE');
    } finally {
      // ctx.close, not ctx.app.close: createTestApp made a database of its own (unused: the app talks to the
      // proxy), and only ctx.close drops it.
      await ctx.close().catch(() => {});
      await database.drop();
    }
  }, 30_000);
});
