import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * The raw limit of the same PostgreSQL server, measured by pgbench's built-in TPC-B-like transaction
 * (three updates, a select and an insert per transaction) with 8 clients.
 */
export async function measurePgbench(adminUrl: string, seconds: number): Promise<PgbenchResult> {
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
    return runPgbench(['-c', '8', '-j', '2', '-T', String(seconds), '-b', 'tpcb-like', url.toString()]);
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

export type PgbenchResult = { tps: number; transactions: number } | { error: string };

/**
 * Runs pgbench with `args` and reads its rate and how many transactions it
 * finished. A statement that fails aborts its client, which pgbench reports on stderr while the others go on:
 * that is an error here, not a lower rate.
 */
export function runPgbench(args: string[]): PgbenchResult {
  const run = spawnSync('pgbench', args, { encoding: 'utf8' });
  if (run.error || run.status !== 0 || /aborted/.test(run.stderr))
    return { error: `pgbench failed: ${run.error?.message ?? (run.stderr || run.stdout)}` };
  const tps = /tps = ([\d.]+)/.exec(run.stdout);
  const processed = /number of transactions actually processed: (\d+)/.exec(run.stdout);
  if (!tps || !processed) return { error: `pgbench gave no tps: ${run.stderr || run.stdout}` };
  return { tps: Number(tps[1]), transactions: Number(processed[1]) };
}
