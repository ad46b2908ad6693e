import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

// The first visit to / (the page most visitors see first, often on a phone) stays under this much
// gzipped JavaScript: react-dom and the page. Router, TanStack Query, zod and the forms come later.
const LANDING_JS_BUDGET = 100 * 1024;
// Opening the signed-in app on its dashboard: the router, the shell, the page, zod (the contract's money
// and dates); the cashflow chart's recharts waits until it is scrolled to.
const APP_JS_BUDGET = 250 * 1024;

const dist = resolve(import.meta.dirname, '../web/dist');
const gzipped = (bytes: Buffer) => gzipSync(bytes).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every script a page fetches, with its gzipped size, from the first response to the network going quiet. */
function countScripts(page: Page) {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.set(response.url(), gzipped(await response.body()));
  });
  return () => [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('JavaScript weight, and the prerendered landing page', () => {
  it('references at most 100 KB of gzipped JavaScript from the built landing.html', () => {
    const html = readFileSync(resolve(dist, 'landing.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, path) => sum + gzipped(readFileSync(resolve(dist, `.${path}`))), 0);
    expect(total, `landing.html references ${kb(total)}`).toBeLessThanOrEqual(LANDING_JS_BUDGET);
  });

  it('sends / as prerendered HTML that paints before any script runs', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Banking that works as hard as/);
    expect(html).toContain('id="pricing"');
    // Other pages are the plain app shell, whose router decides what to show.
    expect(await (await fetch(`${baseUrl()}/dashboard`)).text()).not.toContain('<h1');
  });

  it('loads at most 100 KB of gzipped JavaScript on a first visit, and hydrates without a complaint', async () => {
    // Dark theme from the system: the prerendered markup is theme-neutral, and hydration must still match.
    const page = await newPage(browser, { colorScheme: 'dark' });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    // A production build reports a hydration mismatch as an uncaught error (React #418/#425), not a log.
    page.on('pageerror', (error) => problems.push(error.message));
    const scriptBytes = countScripts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Hydrated: the demo button appears once the app asked the server whether it offers one.
    await page.getByRole('button', { name: 'Explore the demo' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);
    expect(problems).toEqual([]);
    expect(scriptBytes(), `first visit fetched ${kb(scriptBytes())}`).toBeLessThanOrEqual(LANDING_JS_BUDGET);
    await page.context().close();
  });

  it('loads at most 250 KB of gzipped JavaScript when a signed-in visitor opens the dashboard', async () => {
    const demo = await newPage(browser);
    await startDemoFromLanding(demo);
    const page = await demo.context().newPage();
    const scriptBytes = countScripts(page);
    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page.waitForLoadState('networkidle');
    expect(scriptBytes(), `the dashboard fetched ${kb(scriptBytes())}`).toBeLessThanOrEqual(APP_JS_BUDGET);
    await demo.context().close();
  });
});
