import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '@contract/analytics';
import type { ExchangeRates } from '@contract/rates';
import type { Wallet } from '@contract/wallets';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import { registerViaDialog, startDemoFromLanding, uniqueEmail, waitForToast } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const scales: Record<string, number> = { JPY: 0, BTC: 8, ETH: 8 };
const scaleOf = (currency: string) => scales[currency] ?? 2;

/** "12450.00" → 1245000n (the wire always carries the currency's full scale). */
const minorOf = (decimal: string) => BigInt(decimal.replace('.', ''));
/** "$23,002.34" → 2300234n: every USD figure on screen has exactly two decimals. */
const centsShown = (text: string) => BigInt(text.replace(/[^\d]/g, ''));

function fraction(rate: string): [bigint, bigint] {
  const [whole = '', decimals = ''] = rate.split('.');
  return [BigInt(whole + decimals), 10n ** BigInt(decimals.length)];
}

/**
 * The test's own arithmetic (BigInt, no app code): a wallet's balance in US cents at the rates of
 * GET /api/exchange-rates, rounded half up: coins at crypto.X_USD, fiat at 1 / USD_X.
 */
function usdCents(wallet: Wallet, rates: ExchangeRates): bigint {
  const minor = minorOf(wallet.balance);
  if (wallet.currency === 'USD') return minor;
  const unit = 10n ** BigInt(scaleOf(wallet.currency));
  let numerator: bigint;
  let denominator: bigint;
  if (wallet.type === 'crypto') {
    const [n, d] = fraction(rates.crypto[`${wallet.currency}_USD` as 'BTC_USD']);
    [numerator, denominator] = [minor * n * 100n, d * unit];
  } else {
    const [n, d] = fraction(rates[`USD_${wallet.currency}` as 'USD_EUR']);
    [numerator, denominator] = [minor * d * 100n, n * unit];
  }
  return (2n * numerator + denominator) / (2n * denominator);
}

async function readApi<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

async function figure(page: Page, testId: string) {
  const locator = page.getByTestId(testId);
  await locator.waitFor();
  return locator.innerText();
}

describe('dashboard', () => {
  it('shows the demo portfolio in USD at the live rates, matching GET /api/wallets', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.getByTestId('total-portfolio').waitFor();
    // The server's market stands still during the run (RATES_TICK_MS in global-setup), so these are the
    // rates the page used.
    const wallets = await readApi<Wallet[]>(page, '/api/wallets');
    const rates = await readApi<ExchangeRates>(page, '/api/exchange-rates');
    expect(wallets.map((wallet) => `${wallet.currency} ${wallet.balance}`)).toEqual([
      'USD 12450.00',
      'EUR 3200.00',
      'BTC 0.25000000',
    ]);

    const crypto = wallets
      .filter((w) => w.type === 'crypto')
      .reduce((sum, w) => sum + usdCents(w, rates), 0n);
    const fiat = wallets.filter((w) => w.type === 'fiat').reduce((sum, w) => sum + usdCents(w, rates), 0n);
    expect(centsShown(await figure(page, 'crypto-assets'))).toBe(crypto);
    expect(centsShown(await figure(page, 'fiat-balance'))).toBe(fiat);
    expect(centsShown(await figure(page, 'total-portfolio'))).toBe(crypto + fiat);
    expect(await figure(page, 'total-portfolio')).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);

    // Currency Portfolio: each wallet's own balance, its type, and its USD value.
    const portfolio = page.getByRole('region', { name: 'Currency Portfolio' });
    const btc = portfolio.getByTestId('wallet-BTC');
    expect(await btc.getByTestId('wallet-balance').innerText()).toMatch(/^BTC\s0\.25000000$/);
    expect(await btc.innerText()).toContain('Crypto');
    const btcWallet = wallets.find((wallet) => wallet.currency === 'BTC')!;
    expect(centsShown(await btc.getByTestId('wallet-usd').innerText())).toBe(usdCents(btcWallet, rates));
    expect(await portfolio.getByTestId('wallet-EUR').getByTestId('wallet-balance').innerText()).toBe(
      '€3,200.00',
    );
    expect(await portfolio.getByTestId('wallet-USD').getByTestId('wallet-balance').innerText()).toBe(
      '$12,450.00',
    );

    // Recent Activity: the three newest transactions; Earnings Analytics from GET /api/analytics.
    const activity = page.getByTestId('recent-activity');
    await activity.waitFor();
    expect(await activity.locator('li').count()).toBe(3);
    const analytics = await readApi<Analytics>(page, '/api/analytics');
    expect(centsShown(await figure(page, 'monthly-earnings'))).toBe(minorOf(analytics.monthlyEarnings));
    expect(centsShown(await figure(page, 'average-project'))).toBe(minorOf(analytics.averageProject));
    expect(await figure(page, 'active-clients')).toBe(String(analytics.activeClients));
    // The chart loads when scrolled to (it sits below the fold).
    await page.getByRole('heading', { name: 'Income vs spending, last 6 months' }).scrollIntoViewIfNeeded();
    await page.locator('figure .recharts-bar-rectangle').first().waitFor();

    await expectNoSeriousAxeViolations(page, '/dashboard (demo, light)');
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await expectNoSeriousAxeViolations(page, '/dashboard (demo, dark)');
    await page.context().close();
  });

  it('quick actions go to Send Money, Exchange and Cards', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    for (const [label, path] of [
      ['Send Money', '/transfer'],
      ['Exchange', '/convert'],
      ['Cards', '/cards'],
    ] as const) {
      await actions.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.goBack();
      await page.waitForURL('**/dashboard');
    }
    await page.context().close();
  });

  it('gives a new customer zeros and an Add Funds prompt; Add Funds deposits and the balance changes', async () => {
    const page = await newPage(browser);
    await registerViaDialog(page, uniqueEmail('funds'));
    expect(await figure(page, 'total-portfolio')).toBe('$0.00');
    expect(await figure(page, 'crypto-assets')).toBe('$0.00');
    await page.getByText('Add funds to get started.').waitFor();
    await page.getByRole('region', { name: 'Recent Activity' }).getByText('No transactions yet').waitFor();

    await page
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('button', { name: 'Add Funds' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Funds' });
    await dialog.getByLabel('Wallet').waitFor();
    // The server's cap, in the one money format (not "50000.00 USD").
    await dialog.getByText('up to $50,000.00 (or its equivalent) per deposit').waitFor();
    await expectNoSeriousAxeViolations(page, 'Add Funds dialog (light)');

    // Over the sandbox cap: the server's reason, on the field; nothing moves.
    await dialog.getByLabel('Amount (USD)').fill('60000');
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    await dialog.getByText('At most $50,000.00 per deposit').waitFor();
    // Too many decimals for the currency: caught before sending.
    await dialog.getByLabel('Wallet').selectOption({ label: 'EUR wallet' });
    await dialog.getByLabel('Amount (EUR)').fill('10.005');
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    await dialog.getByText('EUR amounts can have at most 2 decimal places').waitFor();

    await dialog.getByLabel('Amount (EUR)').fill('250.50');
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    await waitForToast(page, 'Funds Added');
    await dialog.waitFor({ state: 'detached' });

    const eur = page.getByTestId('wallet-EUR').getByTestId('wallet-balance');
    await page.getByTestId('wallet-EUR').getByText('€250.50').waitFor();
    expect(await eur.innerText()).toBe('€250.50');
    const wallets = await readApi<Wallet[]>(page, '/api/wallets');
    expect(wallets.find((wallet) => wallet.currency === 'EUR')?.balance).toBe('250.50');
    expect(wallets.find((wallet) => wallet.currency === 'USD')?.balance).toBe('0.00');
    const rates = await readApi<ExchangeRates>(page, '/api/exchange-rates');
    const expected = wallets.reduce((sum, wallet) => sum + usdCents(wallet, rates), 0n);
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="total-portfolio"]')?.textContent === text,
      `$${(expected / 100n).toString()}.${(expected % 100n).toString().padStart(2, '0')}`,
    );
    await page.getByTestId('recent-activity').getByText('Sandbox deposit').waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Add Funds' }).first().click();
    await page.getByRole('dialog', { name: 'Add Funds' }).getByLabel('Wallet').waitFor();
    await expectNoSeriousAxeViolations(page, 'Add Funds dialog (dark)');
    await page.context().close();
  });

  it('Receive shows the receiving details and a QR code for each wallet', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.getByRole('button', { name: 'Receive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive money' });
    const qr = dialog.getByRole('img', { name: 'QR code with your USD payment details' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );

    const me = await readApi<{ email: string; firstName: string; lastName: string }>(page, '/api/user');
    const wallets = await readApi<Wallet[]>(page, '/api/wallets');
    const text = await dialog.innerText();
    expect(text).toContain(me.email);
    expect(text).toContain(`${me.firstName} ${me.lastName}`);
    expect(text).toContain(wallets.find((wallet) => wallet.currency === 'USD')!.id);

    await dialog.getByRole('button', { name: 'EUR', exact: true }).click();
    await dialog.getByRole('img', { name: 'QR code with your EUR payment details' }).waitFor();
    expect(await dialog.innerText()).toContain(wallets.find((wallet) => wallet.currency === 'EUR')!.id);
    await expectNoSeriousAxeViolations(page, 'Receive dialog (light)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Receive');

    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Receive' }).click();
    await page.getByRole('dialog', { name: 'Receive money' }).getByRole('img').waitFor();
    await expectNoSeriousAxeViolations(page, 'Receive dialog (dark)');
    await page.context().close();
  });
});
