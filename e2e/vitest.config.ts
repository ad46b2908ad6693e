import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Browser tests: a real Chromium against the real built server and a real (temporary) database.
// Run `npm run build` first; global-setup starts the server and says so if the build is missing.
export default defineConfig({
  resolve: {
    alias: { '@contract': here('../contract/src'), '@web': here('../web/src') },
  },
  test: {
    root: here('..'),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
