import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversionQuote } from '@contract/fx';
import { Money } from '@contract/money';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, startDemoFromLanding, uniqueEmail, waitForTitle } from './flows';
import { openVerificationLink } from './mail';
import { depositViaApi, reviewTransfer } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function reviewTrade(page: Page, side: 'Buy' | 'Sell', asset: string, quantity: string) {
  await page.getByRole('tablist', { name: 'Portfolio sections' }).getByRole('tab', { name: 'Trade' }).click();
  const form = page.getByRole('form', { name: 'Trade' });
  await form.getByRole('group', { name: 'Order side' }).getByRole('button', { name: side }).click();
  await form.getByLabel('Asset').selectOption(asset);
  await form.getByLabel('Quantity').fill(quantity);
  await form.getByLabel('Limit price (USD, optional)').fill('');
  await form.getByRole('button', { name: 'Review order' }).click();
  const review = page.getByRole('dialog', { name: 'Review order' });
  await review.waitFor();
  return review;
}

describe.each(laptopAndPhone)('a review that knows it will fail (%s)', (_size, open) => {
  it('says why and keeps Confirm off: self-send, over balance, over holding, demo to real', async () => {
    const page = await open(browser);
    const email = uniqueEmail('knows');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await depositViaApi(page, 'USD', '50.00');

    const transfer = await reviewTransfer(page, { amount: '10', recipientEmail: email });
    await transfer.getByText('You cannot send money to yourself').waitFor();
    expect(await transfer.getByRole('button', { name: 'Confirm and send' }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'self-send review');
    await transfer.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/portfolio');
    await waitForTitle(page, 'Portfolio');
    const buy = await reviewTrade(page, 'Buy', 'BTC', '1');
    await buy.getByText('The total is more than the $50.00 in your USD wallet.').waitFor();
    expect(await buy.getByRole('button', { name: 'Confirm buy' }).isDisabled()).toBe(true);
    await buy.getByRole('button', { name: 'Cancel' }).click();

    const sell = await reviewTrade(page, 'Sell', 'ETH', '1');
    await sell.getByText(/You hold only 0 ETH/).waitFor();
    expect(await sell.getByRole('button', { name: 'Confirm sell' }).isDisabled()).toBe(true);
    await page.context().close();

    // A demo paying this real account: refused before Confirm, with the reason.
    const demo = await open(browser);
    await startDemoFromLanding(demo);
    const fromDemo = await reviewTransfer(demo, { amount: '10', recipientEmail: email });
    await fromDemo.getByText(/A demo account can only pay other demo accounts/).waitFor();
    expect(await fromDemo.getByRole('button', { name: 'Confirm and send' }).isDisabled()).toBe(true);
    await demo.context().close();
  });

  it('shows old → new when a renewed conversion quote changes what you receive', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    let quotes = 0;
    await page.route('**/api/convert/quote', async (route) => {
      const response = await route.fetch();
      const quote = (await response.json()) as ConversionQuote;
      quotes += 1;
      // The first price runs out at once; the renewed one gives a cent less.
      if (quotes === 1) quote.expiresAt = new Date(Date.now() + 1_000).toISOString();
      else {
        const received = Money.parse(quote.convertedAmount, quote.to);
        quote.convertedAmount = received.minus(Money.of(1n, quote.to)).format();
      }
      await route.fulfill({ response, json: quote });
    });
    await page.goto('/convert');
    await waitForTitle(page, 'Currency Converter');
    await page.getByLabel('Amount', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Convert Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm conversion' });
    const change = dialog.getByTestId('figure-change');
    await change.waitFor();
    expect(await change.innerText()).toMatch(
      /^What you receive changed with the new price: €[\d.,]+ → €[\d.,]+$/,
    );
    await expectNoSeriousAxeViolations(page, 'renewed conversion quote');
    await page.context().close();
  });
});
