import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('route guard', () => {
  it('sends a signed-out visitor on an app page to the landing page', async () => {
    const page = await newPage(browser);
    await page.goto('/history');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().waitFor();
    await page.context().close();
  });

  it('logs no console error on a signed-out visit to / or /dashboard', async () => {
    const page = await newPage(browser);
    // A 401 the app expects still shows as a red "Failed to load resource" line: asking who is signed in
    // must not fail for a visitor who simply is not.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a signed-in visitor from the landing page to the dashboard', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page.context().close();
  });

  it('shows an unknown path inside the shell under the title Dashboard', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.goto('/nope');
    await waitForTitle(page, 'Dashboard');
    await page.getByText('Page not found').waitFor();
    expect(new URL(page.url()).pathname).toBe('/nope');
    await expectNoSeriousAxeViolations(page, 'unknown path');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });
});
