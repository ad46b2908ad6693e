import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage, newPhonePage } from './browser';
import {
  PASSWORD,
  registerViaDialog,
  startDemoFromLanding,
  uniqueEmail,
  waitForTitle,
  waitForToast,
} from './flows';
import { openVerificationLink } from './mail';
import { depositViaApi } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openCards(page: Page) {
  await page.goto('/cards');
  await waitForTitle(page, 'My Cards');
}

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Card sections' }).getByRole('tab', { name });

async function testPurchase(page: Page, amount: string) {
  const tile = page.getByTestId('card-tile').first();
  await tile.getByRole('button', { name: 'Test purchase' }).click();
  const form = page.getByRole('form', { name: 'Test purchase' });
  await form.getByLabel('Amount').fill(amount);
  await form.getByRole('button', { name: 'Pay' }).click();
  const result = form.getByTestId('purchase-result');
  await result.waitFor();
  return { form, text: await result.innerText() };
}

describe('Cards', () => {
  it('creates a virtual card, freezes it (a purchase is declined), unfreezes it (approved), reveals it', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('cards');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await depositViaApi(page, 'USD', '500.00');
    await openCards(page);
    await page.getByTestId('provider-notice').waitFor();
    expect(await page.getByTestId('provider-notice').innerText()).toContain('created as demo cards');
    await page.getByText('No cards yet').waitFor();
    await expectNoSeriousAxeViolations(page, 'cards (empty)');

    await page.getByRole('button', { name: 'Create Card' }).first().click();
    const create = page.getByRole('form', { name: 'Create card' });
    await create.getByLabel('Card type').selectOption('virtual');
    await create.getByLabel('Monthly spending limit (optional)').fill('1000');
    await expectNoSeriousAxeViolations(page, 'create card dialog');
    await create.getByRole('button', { name: 'Create card' }).click();
    await waitForToast(page, 'Card Created');

    const tile = page.getByTestId('card-tile').first();
    const number = await tile.getByTestId('card-number').innerText();
    expect(number).toMatch(/^•••• \d{4}$/);
    expect(await tile.getByTestId('card-status').innerText()).toBe('Active');
    await expectNoSeriousAxeViolations(page, 'my cards');

    // Freeze: the switch turns the card off, and a purchase is declined.
    await tile.getByRole('switch', { name: 'Card active' }).click();
    await waitForToast(page, 'Card Updated');
    await expect.poll(() => tile.getByTestId('card-status').innerText()).toBe('Frozen');
    const declined = await testPurchase(page, '12.50');
    expect(declined.text).toContain('Declined');
    expect(declined.text).toContain('frozen');
    await expectNoSeriousAxeViolations(page, 'test purchase declined');
    await page.keyboard.press('Escape');

    await tile.getByRole('switch', { name: 'Card active' }).click();
    await expect.poll(() => tile.getByTestId('card-status').innerText()).toBe('Active');
    const approved = await testPurchase(page, '12.50');
    expect(approved.text).toContain('Approved');
    await page.keyboard.press('Escape');
    const wallets = (await (await page.request.get('/api/wallets')).json()) as {
      currency: string;
      balance: string;
    }[];
    expect(wallets.find((wallet) => wallet.currency === 'USD')!.balance).toBe('487.50');

    // Reveal: no password is asked for, a wrong one refused; the right one shows number, expiry and CVV.
    await tile.getByRole('button', { name: 'Show details' }).click();
    const reveal = page.getByRole('form', { name: 'Confirm your password' });
    await reveal.getByRole('button', { name: 'Show details' }).click();
    await reveal.getByText('Enter your password').waitFor();
    await reveal.getByLabel('Password').fill('not my password');
    await reveal.getByRole('button', { name: 'Show details' }).click();
    await reveal.getByText('Incorrect password').waitFor();
    await reveal.getByLabel('Password').fill(PASSWORD);
    await reveal.getByRole('button', { name: 'Show details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Card details' });
    await dialog.getByTestId('card-cvv').waitFor();
    const full = (await dialog.getByTestId('card-number').innerText()).replace(/\s/g, '');
    expect(full).toMatch(/^\d{16}$/);
    expect(full.slice(-4)).toBe(number.slice(-4));
    expect(await dialog.innerText()).toMatch(/Hiding in \d+ s/);
    await expectNoSeriousAxeViolations(page, 'card details revealed');
    await dialog.getByRole('button', { name: 'Hide now' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Spending Limits shows what the card spent against its monthly limit.
    await tab(page, 'Spending Limits').click();
    await page.getByText('Spent $12.50 in the last 30 days of $1,000.00').waitFor();
    await expectNoSeriousAxeViolations(page, 'spending limits');
    await tab(page, 'Card Controls').click();
    await page.getByRole('switch', { name: 'Online payments' }).click();
    await page.getByRole('button', { name: 'Save controls' }).click();
    await waitForToast(page, 'Card Updated');
    await expectNoSeriousAxeViolations(page, 'card controls');
    await page.context().close();
  });

  it("shows the demo's cards on a phone, in the dark theme too", async () => {
    const page = await newPhonePage(browser);
    await startDemoFromLanding(page);
    await openCards(page);
    await page.getByTestId('card-tile').first().waitFor();
    expect(await page.getByTestId('card-tile').count()).toBe(2);
    // A phone widens its layout viewport to fit content that overflows: measure against the 390 px it has.
    const overflow = () =>
      page.evaluate(() => Math.max(window.innerWidth, document.documentElement.scrollWidth) - 390);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, 'cards on a phone');
    await tab(page, 'Spending Limits').click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await tab(page, 'My Cards').click();
    // The dark theme, as the theme switch stores it.
    await page.evaluate(() => localStorage.setItem('meridian-theme', 'dark'));
    await page.reload();
    await page.getByTestId('card-tile').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousAxeViolations(page, 'cards on a phone (dark)');
    await page.getByTestId('card-tile').first().getByRole('button', { name: 'Test purchase' }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, 'test purchase on a phone (dark)');
    await page.context().close();
  });
});
