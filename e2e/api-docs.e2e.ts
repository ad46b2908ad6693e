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

// Axe runs on the profile page (the app's); the reference itself is Swagger UI's page, whose markup is not ours.
describe('the API reference', () => {
  it('opens from the profile and shows an operation with its idempotency header, under the app’s CSP', async () => {
    const page = await newPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await startDemoFromLanding(page);
    await page.goto('/profile');
    await waitForTitle(page, 'Profile & Settings');
    const link = page.getByRole('link', { name: 'Developers: API reference' });
    await link.waitFor();
    await expectNoSeriousAxeViolations(page);

    await link.click();
    await page.waitForURL(/\/api\/docs/);
    await page.locator('.info .title', { hasText: 'Meridian' }).waitFor();
    // Swagger UI renders only the operations near the viewport; a deep link (tag/operation id) opens one.
    await page.goto('/api/docs/#/transactions/postTransactions');
    const send = page.locator('#operations-transactions-postTransactions');
    await send.getByText('Idempotency-Key').first().waitFor();
    await send.locator('tr.response[data-code="422"]').waitFor();
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    await page.context().close();
  });
});
