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

// The reference is Swagger UI's page, held to the app's axe standard by its theme (docs-theme.css) and the
// options it is given (openapi.module.ts).
describe('the API reference', () => {
  it('opens from the profile and shows an operation with its idempotency header, under the app’s CSP, axe clean', async () => {
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
    // Every module's tag, closed; opening one lists its operations, and an operation's button opens it.
    const transactions = page.locator('#operations-tag-transactions');
    await transactions.waitFor();
    await expectNoSeriousAxeViolations(page);
    await transactions.click();
    const send = page.locator('#operations-transactions-postTransactions');
    await send.locator('.opblock-summary-control').click();
    await send.getByText('Idempotency-Key').first().waitFor();
    await send.locator('tr.response[data-code="422"]').waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    await page.context().close();
  });
});
