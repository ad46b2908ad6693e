import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';

async function main() {
  const config = loadConfig();
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

main().catch((error) => {
  // A configuration problem found while reading the environment or while building the app reads the same:
  // the list of what is wrong, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
