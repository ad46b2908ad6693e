import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpServer } from '../server/src/test/smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** Where the test mail server writes each message it receives (one JSON file each). */
    mailDir: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '..');

/** A usable Chromium, installing Debian's package when we are root; never a silent skip. */
function ensureChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(
    (path): path is string => !!path,
  );
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log('Chromium not found: installing it with apt-get…');
    const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      stdio: 'inherit',
    });
    if (result.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
    throw new Error('Installing Chromium with apt-get failed; install it or set CHROMIUM_PATH.');
  }
  throw new Error(
    'Browser tests need Chromium. Install it (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited (code ${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The server did not become ready within 60 s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist/index.html is missing: run `npm run build` before the browser tests.');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
  // A real SMTP server: the app mails verification links, and the tests open them as a person would.
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir);
  const smtp = await startSmtpServer({ dir: mailDir });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn('npx', ['tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SQLITE_PATH: join(dataDir, 'meridian.db'),
      DATABASE_URL: '',
      WEB_DIST_DIR: join(repoRoot, 'web/dist'),
      SMTP_URL: smtp.url,
      PUBLIC_URL: baseUrl,
      // Every test signs up or starts a demo from the same IP; the production limits would stop the suite.
      SIGNUPS_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_ATTEMPTS_PER_IP: '1000',
      // Browser tests move thousands as fresh, unverified users; the monthly limit is tested by the server's
      // own tests (modules/kyc). The identity reviewer runs every second so the wizard's test waits little.
      UNVERIFIED_MONTHLY_LIMIT_USD: '100000000',
      KYC_REVIEW_INTERVAL_SECONDS: '1',
      KYC_CHECK_DELAY_MS: '400',
      // External payouts stay Pending for the whole run, so a test can see that state without racing the
      // settlement job (settlement itself is covered by the server's own tests).
      PAYOUT_SETTLEMENT_DELAY_SECONDS: '3600',
      // The simulated market stands still for the run (one tick an hour), so a test can compare the figures a
      // page shows with rates it reads itself, without allowing for movement in between.
      RATES_TICK_MS: '3600000',
      RATES_EPOCH: new Date().toISOString(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so teardown reaches npx, tsx and the node process it runs.
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('mailDir', mailDir);
  return stop;
}
