import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { startServerProcess } from './test/server-process';
import { createTestDatabase } from './test/test-app';

describe('the server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-main-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finishes in-flight requests and exits cleanly on SIGTERM, keeping what it acknowledged', async () => {
    const env = { SQLITE_PATH: join(dir, 'main.db'), WEB_DIST_DIR: '' };
    const server = await startServerProcess(env);
    // Sign-up hashes a password (argon2id), so it is still running when the signal lands. The signal goes
    // once the whole request is on the wire, so the server has it however busy the machine is.
    const payload = JSON.stringify({ email: 'graceful@example.com', password: 'correct horse battery' });
    const sent = request(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      sent.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sent.on('error', reject);
    });
    sent.end(payload);
    await once(sent, 'finish');
    await new Promise((resolve) => setTimeout(resolve, 2));
    await server.kill('SIGTERM');
    expect(await answered).toBe(201);
    expect(server.child.exitCode).toBe(0);

    const restarted = await startServerProcess(env);
    try {
      const login = await fetch(`${restarted.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'graceful@example.com', password: 'correct horse battery' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await restarted.kill('SIGTERM');
    }
  }, 60_000);

  it('ends at once a notification stream that arrives after shutdown began, and exits 0', async () => {
    const server = await startServerProcess({ SQLITE_PATH: join(dir, 'stream.db'), WEB_DIST_DIR: '' });
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'streaming@example.com', password: 'correct horse battery' }),
    });
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    // A request under way on an open connection is served during a graceful stop: its headers are sent but
    // for the blank line that ends them, and finished once the server refuses new connections (so its open
    // streams have already been closed).
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketEnded = once(socket, 'end');
    socket.write(`GET /api/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n`);
    const exited = server.kill('SIGTERM');
    const refusesConnections = () =>
      fetch(`${server.url}/healthz`).then(
        () => false,
        () => true,
      );
    await expect.poll(refusesConnections, { timeout: 10_000 }).toBe(true);
    socket.write('\r\n');
    await socketEnded;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    await exited;
    // The forced exit after 10 s would be code 1.
    expect(server.child.exitCode).toBe(0);
  }, 60_000);

  it('refuses to start with a readable list of configuration problems', async () => {
    await expect(
      startServerProcess({
        SQLITE_PATH: join(dir, 'x.db'),
        PORT_OVERRIDE: '',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
      }),
    ).rejects.toThrow(/exited with code 1/);
  }, 30_000);

  const workersOf = (pid: number) =>
    execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs WORKERS=2 on PostgreSQL as one server: shared sessions and prices, a killed worker replaced',
    async () => {
      const database = await createTestDatabase('postgres');
      const server = await startServerProcess({
        DATABASE_URL: database.config.DATABASE_URL!,
        WORKERS: '2',
        WEB_DIST_DIR: '',
        RATES_TICK_MS: '3600000',
      });
      try {
        const workers = workersOf(server.child.pid!);
        expect(workers).toHaveLength(2);
        // A new connection per request, so the primary hands them to both workers.
        const call = (path: string, init: RequestInit = {}) =>
          fetch(`${server.url}${path}`, { ...init, headers: { connection: 'close', ...init.headers } });
        const registered = await call('/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'workers@example.com', password: 'correct horse battery' }),
        });
        expect(registered.status).toBe(201);
        const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
        const rates = new Set<string>();
        for (let index = 0; index < 12; index++) {
          expect((await call('/api/auth/me', { headers: { cookie } })).status).toBe(200);
          const rate = await call('/api/exchange-rates?from=BTC&to=USD', { headers: { cookie } });
          rates.add(((await rate.json()) as { rate: string }).rate);
        }
        expect(rates.size).toBe(1);

        // Each worker opens one database listener while it builds its app: a new one says the replacement is
        // nearly ready to take connections (until then the survivor serves alone).
        const admin = new pg.Client({ connectionString: database.config.DATABASE_URL });
        await admin.connect();
        const listenerBackends = async () =>
          (
            await admin.query<{ pid: number }>(
              `select pid from pg_stat_activity
               where application_name = 'meridian-listener' and datname = current_database()`,
            )
          ).rows.map((row) => row.pid);
        try {
          const before = await listenerBackends();
          expect(before).toHaveLength(2);
          process.kill(workers[0]!, 'SIGKILL');
          await expect
            .poll(() => workersOf(server.child.pid!).filter((pid) => pid !== workers[0]).length, {
              timeout: 60_000,
            })
            .toBe(2);
          await expect
            .poll(async () => (await listenerBackends()).some((pid) => !before.includes(pid)), {
              timeout: 60_000,
            })
            .toBe(true);
        } finally {
          await admin.end();
        }
        for (let index = 0; index < 6; index++) {
          expect((await call('/api/auth/me', { headers: { cookie } })).status).toBe(200);
        }
      } finally {
        await server.kill('SIGTERM');
        await database.drop();
      }
      expect(server.child.exitCode).toBe(0);
    },
    180_000,
  );
});
