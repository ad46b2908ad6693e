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

// A new customer holds USD, EUR and BTC: every other currency needs its wallet opened first.
describe.each(laptopAndPhone)('opening a wallet in a currency not held (%s)', (size, open) => {
  it('from the Currency Portfolio, from Add Funds and from the converter', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`wallets-${size}`));

    const portfolio = page.getByRole('region', { name: 'Currency Portfolio' });
    await portfolio.getByLabel('Add a currency').selectOption('GBP');
    await expectNoSeriousAxeViolations(page, `currency portfolio with the wallet picker (${size})`);
    await portfolio.getByRole('button', { name: 'Open wallet' }).click();
    await waitForToast(page, 'Wallet Opened');
    await portfolio.getByTestId('wallet-GBP').waitFor();

    // Add Funds: the new wallet becomes the one to top up.
    await page
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('button', { name: 'Add Funds' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Funds' });
    await dialog.getByLabel('Add a currency').selectOption('JPY');
    await dialog.getByRole('button', { name: 'Open wallet' }).click();
    await dialog.getByLabel('Amount (JPY)').waitFor();
    await dialog.getByLabel('Amount (JPY)').fill('5000');
    await dialog.getByRole('button', { name: 'Add Funds', exact: true }).click();
    await waitForToast(page, 'Funds Added');

    // The converter names the missing wallet and opens it on the spot.
    await page.goto('/convert');
    await waitForTitle(page, 'Currency Converter');
    await page.getByLabel('From', { exact: true }).selectOption('CAD');
    await page.getByText('You have no CAD wallet yet').waitFor();
    await page.getByRole('button', { name: 'Open a CAD wallet' }).click();
    await page.getByText(/^Available: /).waitFor();
    expect(await page.getByRole('button', { name: 'Open a CAD wallet' }).count()).toBe(0);
    await page.context().close();
  });
});
