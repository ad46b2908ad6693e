import cluster from 'node:cluster';
import v8 from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';

/** One app process: serves until SIGTERM or SIGINT, then stops gracefully. */
async function serve(config: Config) {
  const app = await buildApp(config, { jobs: true });
  await app.listen({ host: config.HOST, port: config.PORT });

  // Graceful stop: refuse new connections, let in-flight requests finish, then close the database.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * WORKERS=N: N app processes share the port (node:cluster hands connections out). They agree on everything
 * because everything that matters is in PostgreSQL: sessions, idempotency keys, the ledger, sign-in
 * throttling, held payments and mail, and the market is a function of the clock. A worker that dies is
 * replaced; SIGTERM stops every worker gracefully, then the primary.
 */
function supervise(config: Config) {
  let stopping = false;
  for (let index = 0; index < config.WORKERS; index++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main() {
  // V8 "pretenures" objects made where earlier ones lived long: allocates them straight in the old generation.
  // In a server almost nothing made per request lives long, yet node-postgres' rows were pretenured: the old
  // generation grew ~1 MB per young collection, all garbage, and every old-to-young pointer slowed the young
  // collections to 5-10 ms (1-1.4 ms without), the PostgreSQL history page's p99 (BENCHMARKS.md, stop 25).
  // Read at each collection, so setting it here, before the app is built, takes effect (checked with --trace-gc).
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  const config = loadConfig();
  if (config.WORKERS > 1 && cluster.isPrimary) supervise(config);
  else await serve(config);
}

main().catch((error) => {
  // A configuration problem found while reading the environment or while building the app reads the same:
  // the list of what is wrong, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
