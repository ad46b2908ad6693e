import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildApp } from './app';
import { loadConfig, type Config } from './config/env';
import { assertSqliteWritable } from './db/sqlite-writable';
import { describeStartupFailure, EXIT_CODE } from './startup-failure';

/** One app process: serves until SIGTERM or SIGINT, then stops gracefully. */
async function serve(config: Config) {
  // Only the server asks: a command may well read a copy it may not write (ledger:verify on a backup).
  if (!config.DATABASE_URL) assertSqliteWritable(config.SQLITE_PATH);
  const app = await buildApp(config, { jobs: true });
  await app.listen({ host: config.HOST, port: config.PORT });

  // Graceful stop: refuse new connections, let in-flight requests finish, then close the database.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(EXIT_CODE.failed), 10_000);
    forced.unref();
    await app.close();
    process.exit(EXIT_CODE.stopped);
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
  // Plain JavaScript required before anything else in each worker: a worker started while this process dies
  // fails Node's own first message to it (EPIPE) before any module of ours could listen (see the file).
  const guard = fileURLToPath(new URL('./cluster-worker-guard.cjs', import.meta.url));
  cluster.setupPrimary({ execArgv: [...process.execArgv, '--require', guard] });
  for (let index = 0; index < config.WORKERS; index++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && code === EXIT_CODE.databaseNotWritable) {
      // The worker has said why in one line; a replacement would only fail the same way, over and over.
      process.exitCode = code;
      stop();
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0)
        process.exit(process.exitCode ?? EXIT_CODE.stopped);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  function stop() {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  }
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Read once, so a failure to start can name the database it could not write. */
let config: Config | undefined;

async function main() {
  // V8 "pretenures" objects made where earlier ones lived long: allocates them straight in the old generation.
  // In a server almost nothing made per request lives long, yet node-postgres' rows were pretenured: the old
  // generation grew ~1 MB per young collection, all garbage, and every old-to-young pointer slowed the young
  // collections to 5-10 ms (1-1.4 ms without), the PostgreSQL history page's p99 (BENCHMARKS.md).
  // Read at each collection, so setting it here, before the app is built, takes effect (checked with --trace-gc).
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  config = loadConfig();
  if (config.WORKERS > 1 && cluster.isPrimary) supervise(config);
  else await serve(config);
}

main().catch((error) => {
  // What an operator can fix (the configuration, a database that refuses writes) reads as one line with a
  // deliberate exit code; only a failure nobody foresaw prints its stack.
  const failure = describeStartupFailure(
    error,
    config && { dialect: config.DATABASE_URL ? 'postgres' : 'sqlite', sqlitePath: config.SQLITE_PATH },
  );
  console.error(failure?.line ?? error);
  process.exit(failure?.exitCode ?? EXIT_CODE.failed);
});
