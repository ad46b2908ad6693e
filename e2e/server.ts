import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
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

export interface AppServer {
  baseUrl: string;
  /** Stops the server's whole process group; the data directory is the caller's to remove. */
  stop: () => Promise<void>;
}

/**
 * The app server as the browser tests run it: the built web app, a SQLite database in `dataDir`, mail to
 * `smtpUrl`, limits loosened for a suite that signs up many people from one IP. `env` adds or overrides
 * settings (a test that needs Stripe, say, starts its own server with them). Resolves once /readyz answers.
 */
export async function startAppServer(options: {
  dataDir: string;
  smtpUrl: string;
  env?: Record<string, string>;
}): Promise<AppServer> {
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
      SQLITE_PATH: join(options.dataDir, 'meridian.db'),
      DATABASE_URL: '',
      WEB_DIST_DIR: join(repoRoot, 'web/dist'),
      SMTP_URL: options.smtpUrl,
      PUBLIC_URL: baseUrl,
      // Every test signs up or starts a demo from the same IP; the production limits would stop the suite.
      SIGNUPS_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_ATTEMPTS_PER_IP: '1000',
      AUTH_FAILURES_PER_MINUTE: '1000',
      // Browser tests move thousands as fresh, unverified users; the monthly limit is tested by the server's
      // own tests (modules/kyc). The identity reviewer runs every second so the wizard's test waits little.
      UNVERIFIED_MONTHLY_LIMIT_USD: '100000000',
      KYC_REVIEW_INTERVAL_SECONDS: '1',
      KYC_CHECK_DELAY_MS: '400',
      // Scheduled payments due today are paid within a second, and one the wallet cannot cover waits for its
      // owner at once instead of hours of retries, so their test sees the job's work promptly (the retries are
      // covered by the server's own tests).
      PAYMENT_SCHEDULE_INTERVAL_SECONDS: '1',
      PAYMENT_SCHEDULE_RETRIES: '0',
      // External payouts stay Pending for the whole run, so a test can see that state without racing the
      // settlement job (settlement itself is covered by the server's own tests).
      PAYOUT_SETTLEMENT_DELAY_SECONDS: '3600',
      // The simulated market stands still for the run (one tick an hour), so a test can compare the figures a
      // page shows with rates it reads itself, without allowing for movement in between.
      RATES_TICK_MS: '3600000',
      RATES_EPOCH: new Date().toISOString(),
      // The webhooks test receives deliveries on a local http server, which the SSRF guard would refuse.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping reaches npx, tsx and the node process it runs.
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((done) => server.once('exit', done));
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await exited;
  };
  try {
    await waitUntilReady(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
