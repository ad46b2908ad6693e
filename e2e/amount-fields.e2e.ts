import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NEGATIVE = 'The amount cannot be negative';

async function openConverter(page: Page) {
  await page.goto('/convert');
  await waitForTitle(page, 'Currency Converter');
  await page.getByRole('region', { name: 'Live Rates' }).getByRole('button').first().waitFor();
}

describe.each(laptopAndPhone)('amount fields (%s)', (_size, open) => {
  it('say a typed "-5" is negative in convert, send and add funds, never taking it as 5', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    await openConverter(page);
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.fill('-5');
    expect(await amount.inputValue()).toBe('-5');
    await page.getByText(NEGATIVE).waitFor();
    await expectNoSeriousAxeViolations(page, 'converter with a negative amount');

    await page.goto('/transfer');
    await waitForTitle(page, 'Send Money');
    const form = page.getByRole('form', { name: 'Send money' });
    await form.getByLabel('Amount').fill('-5');
    expect(await form.getByLabel('Amount').inputValue()).toBe('-5');
    await form.getByText(NEGATIVE).waitFor();

    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('button', { name: 'Add Funds' })
      .click();
    const addFunds = page.getByRole('dialog', { name: 'Add Funds' });
    await addFunds.getByLabel('Amount (USD)').fill('-5');
    await addFunds.getByRole('button', { name: 'Add Funds' }).click();
    await addFunds.getByText(NEGATIVE).waitFor();
    await page.context().close();
  });

  it('start the amount over when a picked rate changes the source currency', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    await openConverter(page);
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.fill('1000');
    await page
      .getByRole('region', { name: 'Live Rates' })
      .getByRole('button', { name: /^ETH to USD/ })
      .click();
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe('ETH');
    expect(await amount.inputValue()).toBe('0.5');
    await page.context().close();
  });
});
