import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const mainScript = 'server/src/main.ts';

/** A free TCP port on loopback, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Sends a signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real server (`tsx server/src/main.ts`) as its own process, as production runs it, and resolves
 * once /readyz answers. Used by the browser tests, the bank test and the benchmark.
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs(), '--import', 'tsx', mainScript], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(listenPort),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  await waitUntilReady(url, child);
  return {
    url,
    child,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Extra options for the server's node, from SERVER_NODE_ARGS (space-separated): how the bench's server is
 * profiled (`SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench`); --cpu-prof and
 * --trace-gc are refused in NODE_OPTIONS.
 */
const nodeArgs = () => (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * Waits for /readyz for up to `budgetMs`. A budget, not a measure: a loaded machine (two cores running the
 * suite's files side by side) can take tens of seconds to compile and migrate a primary and its workers.
 */
async function waitUntilReady(url: string, child: ChildProcess, budgetMs = 90_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server at ${url} was not ready after ${budgetMs / 1000} s`);
}
