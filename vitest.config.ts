import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Unit and API tests. Browser tests live in e2e/ with their own config (they need a built server).
export default defineConfig({
  resolve: {
    alias: { '@contract': here('./contract/src'), '@web': here('./web/src') },
  },
  test: {
    include: [
      'server/**/*.test.ts',
      'contract/**/*.test.ts',
      'web/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
