import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process';

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
});
