import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopAndPhone, launchBrowser, newPage } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle } from './flows';
import { openVerificationLink } from './mail';
import { depositViaApi } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('Live figures (%s)', (name, open) => {
  it('Earnings Analytics counts a payment that arrives while the dashboard is open', async () => {
    const recipient = await open(browser);
    const recipientEmail = uniqueEmail(`live-${name}`);
    await registerViaDialog(recipient, recipientEmail);
    await openVerificationLink(recipient, recipientEmail);
    await recipient.goto('/dashboard');
    await waitForTitle(recipient, 'Dashboard');
    const earnings = recipient.getByTestId('monthly-earnings');
    await expect.poll(() => earnings.innerText()).toBe('$0.00');

    const sender = await newPage(browser);
    const senderEmail = uniqueEmail(`live-payer-${name}`);
    await registerViaDialog(sender, senderEmail);
    await openVerificationLink(sender, senderEmail);
    await depositViaApi(sender, 'USD', '300.00');
    const sent = await sender.request.post('/api/transactions', {
      data: { amount: '250.00', fromCurrency: 'USD', recipientEmail, description: 'Logo design' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(sent.status()).toBe(201);

    // No reload: the notification stream refreshes every money figure, earnings included.
    await expect.poll(() => earnings.innerText(), { timeout: 15_000 }).toBe('$250.00');
    await sender.context().close();
    await recipient.context().close();
  });
});
