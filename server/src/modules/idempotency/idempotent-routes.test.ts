import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A route that reads an Idempotency-Key says so in its config (`idempotent: true`), which is how the API
 * description knows to require the header. `idempotencyOf` refuses to run without the flag, so a test of the
 * route would fail; this reads the routes' source too, so a route no test reaches cannot miss it either.
 */
const modules = fileURLToPath(new URL('..', import.meta.url));

const routeFiles = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.routes.ts'))
  .map((path) => ({ path, text: readFileSync(join(modules, path), 'utf8') }));

/** Each route registration's text: from one `app.<method>(` to the next. */
const registrations = (text: string) =>
  text.split(/\bapp\.(?=(?:get|post|put|patch|delete|route)\()/).slice(1);

describe('money-moving routes are marked idempotent', () => {
  it('finds the routes that read an Idempotency-Key', () => {
    const keyed = routeFiles
      .flatMap(({ text }) => registrations(text))
      .filter((r) => r.includes('idempotencyOf('));
    expect(keyed.length).toBeGreaterThanOrEqual(11);
  });

  it.each(routeFiles.map(({ path, text }) => [path, text]))('%s', (_path, text) => {
    for (const route of registrations(text)) {
      const head = `${route.split('\n')[0]} ${route.split('\n')[1]?.trim() ?? ''}`;
      expect(/\bidempotent: true\b/.test(route), `${head} reads an Idempotency-Key`).toBe(
        route.includes('idempotencyOf('),
      );
    }
  });
});
