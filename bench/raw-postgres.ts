import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * The raw limit of the same PostgreSQL server, measured by pgbench's built-in TPC-B-like transaction
 * (three updates, a select and an insert per transaction) with 8 clients.
 */
export async function measurePgbench(
  adminUrl: string,
  seconds: number,
): Promise<{ tps: number } | { error: string }> {
  const name = 'meridian_bench_pgbench';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url.toString()], { encoding: 'utf8' });
    if (init.error || init.status !== 0)
      return { error: `pgbench -i failed: ${init.error?.message ?? init.stderr}` };
    const run = spawnSync(
      'pgbench',
      ['-c', '8', '-j', '2', '-T', String(seconds), '-b', 'tpcb-like', url.toString()],
      {
        encoding: 'utf8',
      },
    );
    const match = /tps = ([\d.]+)/.exec(run.stdout);
    if (!match) return { error: `pgbench gave no tps: ${run.stderr || run.stdout}` };
    return { tps: Number(match[1]) };
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}
