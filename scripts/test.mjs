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

// The invoice PDF test writes Chinese and Japanese names when a CJK font is installed (Meridian ships none:
// server/src/modules/invoices/pdf-fonts.ts). As the browser tests do for Chromium, a root machine without one
// gets Debian's small Droid Sans Fallback; if that cannot be installed, the test says it skipped.
const CJK_FONT = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';
function cjkFont() {
  if (existsSync(CJK_FONT) || process.env.PDF_CJK_FONT || process.getuid?.() !== 0) return 0;
  const installed = run('a CJK font for the invoice PDF test', 'sh', [
    '-c',
    'apt-get install -y fonts-droid-fallback || (apt-get update && apt-get install -y fonts-droid-fallback)',
  ]);
  if (installed !== 0) console.log('No CJK font could be installed: the CJK PDF test will be skipped.');
  return 0;
}

const steps = [
  () => run('lint', 'npx', ['eslint', '.']),
  () => run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']),
  () => run('typecheck', 'npx', ['tsc', '-p', '.']),
  cjkFont,
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
