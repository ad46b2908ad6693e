import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('tax estimate (%s)', (size, open) => {
  it('sets up a tax profile from the dashboard and shows the estimate on both screens', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`tax-${size}`));
    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    const card = page.getByRole('region', { name: 'Tax estimate' });
    await card.getByText('No tax profile yet').waitFor();
    await card.getByText('An estimate, not tax advice', { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page, `dashboard, no tax profile (${size})`);

    await card.getByRole('link', { name: 'Set up your tax profile' }).click();
    await waitForTitle(page, 'Tax');
    await page.getByTestId('tax-disclaimer').waitFor();
    await page.getByText('Save a tax profile above to see the estimate.').waitFor();
    await expectNoSeriousAxeViolations(page, `tax page, empty (${size})`);

    // A preset fills a simplified rate and the tax year's start; both stay the user's to change.
    await page.getByLabel('Country preset').selectOption('GB');
    expect(await page.getByLabel('Tax rate (%)').inputValue()).toBe('20');
    expect(await page.getByLabel('Tax year starts in').inputValue()).toBe('4');
    expect(await page.getByLabel('On day').inputValue()).toBe('6');
    await page.getByLabel('Tax rate (%)').fill('120');
    await page.getByRole('button', { name: 'Save tax profile' }).click();
    await page.getByText('Rate can be at most 100%').waitFor();
    await page.getByLabel('Tax rate (%)').fill('22.5');
    await page.getByRole('button', { name: 'Save tax profile' }).click();
    await waitForToast(page, 'Tax profile saved');
    await page.getByText('Estimated tax at 22.5%').waitFor();
    expect(await page.getByTestId('workings-tax').textContent()).toBe('$0.00');
    await page.getByText('Quarterly estimate dates this tax year').waitFor();
    await expectNoSeriousAxeViolations(page, `tax page, with an estimate (${size})`);

    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    await card.getByTestId('tax-estimated').waitFor();
    expect(await card.getByTestId('tax-estimated').textContent()).toBe('$0.00');
    expect(await card.getByTestId('tax-next-date').textContent()).toMatch(/\d{4}$/);
    await expectNoSeriousAxeViolations(page, `dashboard, tax card (${size})`);
    // Sign-up, two pages and four axe runs: more than the default minute on a busy machine.
  }, 180_000);
});
