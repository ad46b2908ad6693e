import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@contract/wallets';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { startDemoFromLanding, waitForTitle, waitForToast } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const usdCents = async (page: Page) => {
  const wallets = (await (await page.request.get('/api/wallets')).json()) as Wallet[];
  return Number(wallets.find((wallet) => wallet.currency === 'USD')!.balance.replace('.', ''));
};

describe.each(laptopAndPhone)('a limit buy above the market (%s)', (_size, open) => {
  it('says it fills now at about the market value, and fills at the market, not the limit', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    await page.goto('/portfolio');
    await waitForTitle(page, 'Portfolio');
    await page
      .getByRole('tablist', { name: 'Portfolio sections' })
      .getByRole('tab', { name: 'Trade' })
      .click();
    const form = page.getByRole('form', { name: 'Trade' });
    await form.getByLabel('Asset').selectOption('BTC');
    await form.getByLabel('Quantity').fill('0.0001');
    await form.getByLabel('Limit price (USD, optional)').fill('1000000.00');
    await form.getByRole('button', { name: 'Review order' }).click();
    const review = page.getByRole('dialog', { name: 'Review order' });
    // At its limit the order would reserve $100.50; BTC trades far below $1,000,000.
    expect(await review.getByTestId('confirm-total').innerText()).toBe('$100.50');
    const notice = review.getByTestId('fills-now');
    await notice.waitFor();
    const text = await notice.innerText();
    expect(text).toMatch(/fills now at about \$\d+\.\d{2}/);
    const about = Number(text.match(/fills now at about \$(\d+\.\d{2})/)![1]);
    expect(about).toBeLessThan(100);
    await expectNoSeriousAxeViolations(page, 'limit review that fills now');
    const before = await usdCents(page);
    await review.getByRole('button', { name: 'Place order' }).click();
    await waitForToast(page, 'Trade Executed');
    // Paid the market value plus the 0.5% fee, far under the $100.50 the limit would have cost.
    await expect.poll(async () => before - (await usdCents(page))).toBeGreaterThan(0);
    expect(before - (await usdCents(page))).toBeLessThan(10_050);
    await page.context().close();
  });
});
