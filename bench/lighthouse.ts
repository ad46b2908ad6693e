import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../server/src/test/server-process';

export interface LighthouseRun {
  /** 0–100 per category: performance, accessibility, best-practices, seo. */
  scores: Record<string, number>;
  firstContentfulPaint: string;
  largestContentfulPaint: string;
  totalBlockingTime: string;
  cumulativeLayoutShift: string;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 3;

/**
 * Lighthouse on the landing page as a phone sees it (its default mobile throttling), against the production
 * build served by the real server: the median of three runs by performance score, as Lighthouse's own docs
 * advise. Lighthouse is not a dependency of the project: it is fetched by npx, so this runs only when asked
 * (`npm run bench -- --lighthouse`) and needs the registry, Chromium (CHROMIUM_PATH or /usr/bin/chromium) and
 * `npm run build` first. Total blocking time is read from the real main thread, so a busy machine lowers the
 * score: run it on a quiet one.
 */
export async function measureLighthouse(): Promise<LighthouseRun | { error: string }> {
  const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
    (path): path is string => !!path && existsSync(path),
  );
  if (!chromium) return { error: 'no Chromium (set CHROMIUM_PATH)' };
  if (!existsSync(join(root, 'web/dist/landing.html'))) return { error: 'no build (run npm run build)' };
  const scratch = mkdtempSync(join(tmpdir(), 'meridian-lighthouse-'));
  const server = await startServerProcess({ SQLITE_PATH: join(scratch, 'bench.db') });
  try {
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      const output = join(scratch, `run-${run}.json`);
      const result = spawnSync(
        'npx',
        [
          '--yes',
          'lighthouse@12',
          `${server.url}/`,
          '--quiet',
          '--output=json',
          `--output-path=${output}`,
          '--chrome-flags=--headless=new --no-sandbox',
        ],
        { env: { ...process.env, CHROME_PATH: chromium }, encoding: 'utf8', timeout: 180_000 },
      );
      if (result.status !== 0 || !existsSync(output))
        return { error: `lighthouse failed: ${result.error?.message ?? result.stderr.slice(-300)}` };
      runs.push(readRun(output));
    }
    runs.sort((a, b) => a.scores.performance! - b.scores.performance!);
    return runs[Math.floor(RUNS / 2)]!;
  } finally {
    await server.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<string, { displayValue?: string }>;
}

function readRun(path: string): LighthouseRun {
  const report = JSON.parse(readFileSync(path, 'utf8')) as LighthouseReport;
  const shown = (audit: string) => report.audits[audit]?.displayValue ?? '?';
  return {
    scores: Object.fromEntries(
      Object.entries(report.categories).map(([name, { score }]) => [name, Math.round(score * 100)]),
    ),
    firstContentfulPaint: shown('first-contentful-paint'),
    largestContentfulPaint: shown('largest-contentful-paint'),
    totalBlockingTime: shown('total-blocking-time'),
    cumulativeLayoutShift: shown('cumulative-layout-shift'),
  };
}
