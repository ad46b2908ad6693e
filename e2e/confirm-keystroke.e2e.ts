import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@contract/wallets';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { startDemoFromLanding, uniqueEmail, waitForTitle, waitForToast } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function wallets(page: Page): Promise<Record<string, string>> {
  const list = (await (await page.request.get('/api/wallets')).json()) as Wallet[];
  return Object.fromEntries(list.map((wallet) => [wallet.currency, wallet.balance]));
}

/**
 * Enter pressed in a form opens its review; the key stays down and repeats onto the review, whose focus starts
 * on Confirm. Playwright marks a key pressed again while down as a repeat, as a held key sends it.
 */
/** Counts the page's POSTs to paths matching `path`, as they leave the browser. */
function countPosts(page: Page, path: RegExp) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname)) sent.count += 1;
  });
  return sent;
}

async function holdEnterOpening(page: Page, reviewName: string) {
  await page.keyboard.down('Enter');
  const review = page.getByRole('dialog', { name: reviewName });
  await review.waitFor();
  for (let repeat = 0; repeat < 8; repeat++) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  return review;
}

describe.each(laptopAndPhone)('a held Enter never confirms (%s)', (_size, open) => {
  it('opens the Send Money review but sends nothing; a click still sends', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    await page.goto('/transfer');
    await waitForTitle(page, 'Send Money');
    const before = await wallets(page);
    const sends = countPosts(page, /^\/api\/transactions$/);
    const form = page.getByRole('form', { name: 'Send money' });
    await form.getByLabel('Amount').fill('1');
    await form.getByLabel('Recipient email').fill(uniqueEmail('held-enter'));
    await form.getByLabel('Recipient email').focus();
    const review = await holdEnterOpening(page, 'Review transfer');
    const confirm = review.getByRole('button', { name: 'Confirm and send' });
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await review.isVisible()).toBe(true);
    expect(await wallets(page)).toEqual(before);
    await expectNoSeriousAxeViolations(page, 'transfer review after a held Enter');
    await confirm.click();
    await waitForToast(page, 'Transfer Successful');
    expect(sends.count).toBe(1);
    await page.context().close();
  });

  it('opens the trade review but trades nothing; a click still trades once', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    await page.goto('/portfolio');
    await waitForTitle(page, 'Portfolio');
    await page
      .getByRole('tablist', { name: 'Portfolio sections' })
      .getByRole('tab', { name: 'Trade' })
      .click();
    const before = await wallets(page);
    const form = page.getByRole('form', { name: 'Trade' });
    await form.getByLabel('Asset').selectOption('ETH');
    await form.getByLabel('Quantity').fill('0.01');
    await form.getByLabel('Quantity').focus();
    const trades = countPosts(page, /^\/api\/trade$/);
    const review = await holdEnterOpening(page, 'Review order');
    const confirm = review.getByRole('button', { name: 'Confirm buy' });
    await confirm.waitFor();
    expect(await review.isVisible()).toBe(true);
    expect(await wallets(page)).toEqual(before);
    await confirm.click();
    await waitForToast(page, 'Trade Executed');
    expect(trades.count).toBe(1);
    await page.context().close();
  });
});
