import { loadConfig } from '../../config/env';
import { openDatabase } from '../../db/database';
import { verifyLedger } from './ledger.verify';

/**
 * `npm run ledger:verify`: checks every ledger invariant on the database the server is configured for
 * (DATABASE_URL or SQLITE_PATH) and exits non-zero on any violation, so it can gate a deploy or a cron alert.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH });
  try {
    const report = await verifyLedger(database.db);
    console.log(
      `Ledger on ${database.dialect}: ${report.entries} entries, ${report.postings} postings, ${report.accounts} accounts`,
    );
    if (report.violations.length === 0) {
      console.log(
        'OK: every entry balances, cached balances match their postings, no wallet is negative or past its ceiling, every currency sums to zero',
      );
      return 0;
    }
    console.error(`${report.violations.length} violation(s):`);
    for (const line of report.violations) console.error(`  - ${line}`);
    return 1;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('ledger:verify failed:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
