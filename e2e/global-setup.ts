import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpServer } from '../server/src/test/smtp';
import { startAppServer, type AppServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** Where the test mail server writes each message it receives (one JSON file each). */
    mailDir: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '..');

/** A usable Chromium, installing Debian's package when we are root; never a silent skip. */
function ensureChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(
    (path): path is string => !!path,
  );
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log('Chromium not found: installing it with apt-get…');
    const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      stdio: 'inherit',
    });
    if (result.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
    throw new Error('Installing Chromium with apt-get failed; install it or set CHROMIUM_PATH.');
  }
  throw new Error(
    'Browser tests need Chromium. Install it (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.',
  );
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist/index.html is missing: run `npm run build` before the browser tests.');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
  // A real SMTP server: the app mails verification links, and the tests open them as a person would.
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir);
  const smtp = await startSmtpServer({ dir: mailDir });
  let server: AppServer | undefined;
  const stop = async () => {
    await server?.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startAppServer({ dataDir, smtpUrl: smtp.url });
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('mailDir', mailDir);
  return stop;
}
