import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@contract/money';
import type { Wallet } from '@contract/wallets';
import { linkIn, startSmtpServer } from '../server/src/test/smtp';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  standInFee,
  startStripeStandIn,
} from '../server/src/test/stripe-stand-in';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail } from './flows';
import { sentInvoice } from './money-flows';
import { startAppServer, type AppServer } from './server';

/**
 * Card payments on a server that takes real money: SANDBOX=false and Stripe configured, its API pointed at
 * the local stand-in (server/src/test/stripe-stand-in.ts). The shared e2e server is a sandbox without Stripe,
 * so this file starts its own. Stripe's hosted page is stood in for by a route on its host; the payment is
 * then confirmed as Stripe confirms it, by a signed webhook to the server.
 */

let browser: Browser;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: AppServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-stripe-'));
  stripe = await startStripeStandIn();
  smtp = await startSmtpServer();
  server = await startAppServer({
    dataDir,
    smtpUrl: smtp.url,
    env: {
      SANDBOX: 'false',
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.base,
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await stripe?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const checkoutPage = /^https:\/\/checkout\.stripe\.test\/c\/pay\/(cs_test_\d+)$/;

/** Stripe's hosted checkout page, stood in for: the test only needs to see the browser sent there. */
async function standInCheckoutPage(page: Page) {
  await page.route('https://checkout.stripe.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Checkout</title><h1>Stripe Checkout</h1></html>',
    }),
  );
}

/** Clicks `button` and waits for the browser to land on the checkout page; its Checkout Session's id. */
async function leaveForCheckout(page: Page, click: () => Promise<void>) {
  await click();
  await page.waitForURL(checkoutPage);
  return checkoutPage.exec(page.url())![1]!;
}

/** Delivers Stripe's signed event for `session` to the server, as Stripe would. */
async function deliver(session: string, options: { secret?: string } = {}) {
  const { payload, signature } = stripe.event('checkout.session.completed', session, options);
  return fetch(`${server.baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function verifiedOwner(page: Page, email: string) {
  await registerViaDialog(page, email);
  const mail = await smtp.waitFor(email, (each) => /Confirm your email address/.test(each.subject), 15_000);
  await page.goto(linkIn(mail));
  await page.getByText('Your email address is verified').waitFor();
}

const usdBalance = async (page: Page) => {
  const wallets = (await (await page.request.get('/api/wallets')).json()) as Wallet[];
  return wallets.find((wallet) => wallet.currency === 'USD')?.balance;
};

/** What the owner keeps of `amounts` (minor units) once the stand-in's Stripe has taken its fee on each. */
const net = (...amounts: number[]) =>
  formatAmount(BigInt(amounts.reduce((sum, amount) => sum + amount - standInFee(amount), 0)), 'USD');

describe.each(laptopAndPhone)('Card payments through Stripe (%s)', (name, open) => {
  it('the client pays the deposit by card, then the rest; each lands once the signed webhook says so', async () => {
    const page = await open(browser, { baseURL: server.baseUrl });
    const email = uniqueEmail(`card-${name}`);
    await verifiedOwner(page, email);
    const invoice = await sentInvoice(page, '1000.00', { depositPercent: '30' });
    expect(new URL(invoice.payUrl).origin).toBe(server.baseUrl);

    // The client, signed out, in another browser context.
    const client = await open(browser, { baseURL: server.baseUrl });
    await standInCheckoutPage(client);
    await client.goto(invoice.payUrl);
    await client.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` }).waitFor();
    await client.getByTestId('deposit-first').waitFor();
    const amount = client.getByLabel('Amount to pay (USD)');
    expect(await amount.inputValue()).toBe('300.00');
    const payDeposit = client.getByRole('button', { name: 'Pay $300.00 by card' });
    await payDeposit.waitFor();
    await client.getByText("You pay on Stripe's secure page").waitFor();
    // A real payment rail: no simulated payment offered.
    expect(await client.getByText(/this payment is simulated/).count()).toBe(0);
    await expectNoSeriousAxeViolations(client, `pay page by card, deposit due (${name})`);

    const checkoutCall = client.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/checkout'),
    );
    const deposit = await leaveForCheckout(client, () => payDeposit.click());
    expect((await checkoutCall).postDataJSON()).toMatchObject({ amount: '300.00' });
    const opened = stripe.calls.find(
      (call) => call.path === '/v1/checkout/sessions' && call.form.success_url?.startsWith(invoice.payUrl),
    );
    expect(opened?.form['line_items[0][price_data][unit_amount]']).toBe('30000');

    // Back from Stripe before its webhook has arrived: the page says it is confirming, and waits.
    await client.goto(`${invoice.payUrl}?card=paid`);
    await client.getByText(/Your card payment went through\. Confirming it/).waitFor();
    expect(await client.getByTestId('balance-paid').textContent()).toBe('$0.00');
    await expectNoSeriousAxeViolations(client, `pay page, confirming the card payment (${name})`);

    // A forged event is refused and moves nothing.
    expect((await deliver(deposit, { secret: 'whsec_forged' })).status).toBe(400);
    expect(await usdBalance(page)).toBe('0.00');

    const delivered = await deliver(deposit);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ outcome: 'credited' });
    await expect
      .poll(() => client.getByTestId('balance-paid').textContent(), { timeout: 10_000 })
      .toBe('$300.00');
    expect(await client.getByTestId('balance-outstanding').textContent()).toBe('$700.00');
    await client.getByText(/Partly paid/).waitFor();
    await expect.poll(() => amount.inputValue()).toBe('700.00');
    const payRest = client.getByRole('button', { name: 'Pay $700.00 by card' });
    await payRest.waitFor();
    expect(await client.getByText(/Confirming it/).count()).toBe(0);
    await expectNoSeriousAxeViolations(client, `pay page, deposit paid by card (${name})`);
    // Stripe retries: the same payment is not credited twice.
    expect(await (await deliver(deposit)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await usdBalance(page)).toBe(net(30000));

    // The rest, the same way; this time the webhook is in before the client is back.
    const rest = await leaveForCheckout(client, () => payRest.click());
    expect(rest).not.toBe(deposit);
    expect((await deliver(rest)).status).toBe(200);
    await client.goto(`${invoice.payUrl}?card=paid`);
    await client.getByText(/^Paid on .*Thank you/).waitFor();
    await client.getByText('Paid', { exact: true }).first().waitFor();
    expect(await client.getByTestId('balance-outstanding').textContent()).toBe('$0.00');
    expect(await client.getByTestId('balance-payment').count()).toBe(2);
    expect(await client.getByRole('button', { name: /by card/ }).count()).toBe(0);
    await expectNoSeriousAxeViolations(client, `pay page, paid by card (${name})`);
    expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await client.context().close();

    // The owner's wallet holds both payments, net of Stripe's fee on each.
    expect(await usdBalance(page)).toBe(net(30000, 70000));
    await page.context().close();
  });

  it('a second payer sees a card payment in progress until the first comes back without paying', async () => {
    const page = await open(browser, { baseURL: server.baseUrl });
    await verifiedOwner(page, uniqueEmail(`card-hold-${name}`));
    const invoice = await sentInvoice(page, '50.00', {});

    const first = await open(browser, { baseURL: server.baseUrl });
    await standInCheckoutPage(first);
    await first.goto(invoice.payUrl);
    const session = await leaveForCheckout(first, () =>
      first.getByRole('button', { name: 'Pay $50.00 by card' }).click(),
    );
    const cancelUrl = stripe.calls.find(
      (call) => call.path === '/v1/checkout/sessions' && call.form.success_url?.startsWith(invoice.payUrl),
    )!.form.cancel_url!;

    // The second payer is told, and cannot open a checkout for the same money.
    const second = await open(browser, { baseURL: server.baseUrl });
    await standInCheckoutPage(second);
    await second.goto(invoice.payUrl);
    await second
      .getByText('A card payment of $50.00 on this invoice is in progress.', { exact: false })
      .waitFor();
    await expectNoSeriousAxeViolations(second, `pay page, a card payment in progress (${name})`);
    await second.getByRole('button', { name: 'Pay $50.00 by card' }).click();
    await second.getByText(/A card payment of \$50\.00 on invoice .* is in progress/).waitFor();

    // The first comes back through Stripe's cancel link: their checkout ends at Stripe, and the hold with it.
    await first.goto(cancelUrl);
    await first.getByText('The card payment was cancelled.', { exact: false }).waitFor();
    await expect.poll(() => stripe.statusOf(session)).toBe('expired');
    await expect.poll(() => first.getByTestId('card-in-progress').count()).toBe(0);
    await second.reload();
    await second.getByRole('button', { name: 'Pay $50.00 by card' }).waitFor();
    expect(await second.getByTestId('card-in-progress').count()).toBe(0);
    const paid = await leaveForCheckout(second, () =>
      second.getByRole('button', { name: 'Pay $50.00 by card' }).click(),
    );
    expect((await deliver(paid)).status).toBe(200);
    expect(await usdBalance(page)).toBe(net(5000));
    for (const each of [page, first, second]) await each.context().close();
  });

  it('the owner adds funds by card: off to Stripe, credited by the webhook', async () => {
    const page = await open(browser, { baseURL: server.baseUrl });
    await registerViaDialog(page, uniqueEmail(`topup-${name}`));
    await standInCheckoutPage(page);
    await page
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('button', { name: 'Add Funds' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Funds' });
    await dialog.getByText(/Top up a wallet by card/).waitFor();
    await dialog.getByLabel('Wallet').selectOption({ label: 'USD wallet' });
    await expectNoSeriousAxeViolations(page, `Add Funds by card (${name})`);

    await dialog.getByLabel('Amount (USD)').fill('100');
    const session = await leaveForCheckout(page, () =>
      dialog.getByRole('button', { name: 'Pay by card' }).click(),
    );
    expect((await deliver(session)).status).toBe(200);
    await page.goto('/dashboard?card=paid');
    await page
      .getByTestId('wallet-USD')
      .getByText(`$${net(10000)}`)
      .waitFor();
    await expectNoSeriousAxeViolations(page, `dashboard after a card top-up (${name})`);
    expect(await usdBalance(page)).toBe(net(10000));
    await page.context().close();
  });
});
