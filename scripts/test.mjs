// The whole suite, in the order a failure is cheapest to find: lint, types, unit + API tests (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), a production build, then browser tests against that build.
// Exits non-zero on the first failing step and ends with one summary line of test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  rmSync(file);
}

function finish(code) {
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

const vitest = (title, config, outFile) => {
  const code = run(title, 'npx', [
    'vitest',
    'run',
    '--config',
    config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
  ]);
  countVitest(outFile);
  return code;
};

if (!process.env.TEST_DATABASE_URL) {
  console.log('Note: TEST_DATABASE_URL is not set, so the PostgreSQL runs of the API tests are skipped.');
}

const steps = [
  () => run('lint', 'npx', ['eslint', '.']),
  () => run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']),
  () => run('typecheck', 'npx', ['tsc', '-p', '.']),
  () => vitest('unit and API tests', 'vitest.config.ts', '.tmp/unit.json'),
  () => run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']),
  // As `npm run build` does: the landing page is rendered into web/dist/landing.html after the bundle.
  () => run('prerender', 'npx', ['tsx', 'scripts/prerender.tsx']),
  () => vitest('browser tests (Chromium)', 'e2e/vitest.config.ts', '.tmp/e2e.json'),
];

for (const step of steps) {
  const code = step();
  if (code !== 0) finish(code);
}
finish(totals.failed > 0 ? 1 : 0);
