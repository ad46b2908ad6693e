import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import {
  PASSWORD,
  registerViaDialog,
  startDemoFromLanding,
  uniqueEmail,
  waitForTitle,
  waitForToast,
} from './flows';
import { openVerificationLink, waitForMail } from './mail';
import { depositViaApi, openHistory, reviewTransfer } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Trust boundaries', () => {
  it('holds money for a new address until its owner signs up and opens the link from the mail', async () => {
    const sender = await newPage(browser);
    const senderEmail = uniqueEmail('sender');
    await registerViaDialog(sender, senderEmail);
    await openVerificationLink(sender, senderEmail);
    await depositViaApi(sender, 'USD', '300.00');

    const newcomer = uniqueEmail('newcomer');
    const dialog = await reviewTransfer(sender, {
      amount: '75',
      recipientEmail: newcomer,
      description: 'Welcome',
    });
    await dialog
      .getByTestId('confirm-delivery')
      .getByText(/Held until they verify this address/)
      .waitFor();
    expect(await dialog.getByTestId('confirm-held-note').innerText()).toContain(
      `No verified Meridian account uses ${newcomer} yet`,
    );
    await expectNoSeriousAxeViolations(sender, 'review of a held transfer');
    await dialog.getByRole('button', { name: 'Confirm and send' }).click();
    const receipt = sender.getByTestId('transfer-receipt');
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain('Held until they verify their email');

    // The newcomer is told by mail, signs up, and is asked to verify before the money can land.
    const invite = await waitForMail(newcomer, /sent you 75\.00 USD on Meridian/);
    // What the sender wrote (their name) is quoted; what Meridian says of them is their verified address.
    expect(invite.text).toContain(`${senderEmail}, an address Meridian has verified, sent you 75.00 USD`);
    expect(invite.text).toContain('> From: Robin Reyes');
    const recipient = await newPage(browser);
    await registerViaDialog(recipient, newcomer);
    const banner = recipient.getByRole('region', { name: 'Email verification' });
    await banner.getByText('Verify your email address').waitFor();
    await expectNoSeriousAxeViolations(recipient, 'dashboard with the verification banner');

    await openVerificationLink(recipient, newcomer);
    await recipient.getByText('A payment that was waiting for it is now in your wallet.').waitFor();
    await expectNoSeriousAxeViolations(recipient, 'verify-email page');
    await recipient.getByRole('link', { name: 'Go to your dashboard' }).click();
    await waitForTitle(recipient, 'Dashboard');
    expect(await banner.count()).toBe(0);
    const incoming = await openHistory(recipient, 'Incoming');
    const received = incoming.getByTestId('history-row').first();
    expect(await received.getByTestId('history-description').innerText()).toBe('Welcome');
    expect(await received.getByTestId('history-amount').innerText()).toMatch(/^\+\$75\.00\s*USD$/);

    // The sender sees it delivered, and was told by mail.
    await waitForMail(senderEmail, new RegExp(`Your payment to ${newcomer} has arrived`));
    await sender.goto('/history');
    const outgoing = await openHistory(sender, 'Outgoing');
    expect(await outgoing.getByTestId('history-row').first().getByTestId('history-status').innerText()).toBe(
      'Completed',
    );
    await sender.context().close();
    await recipient.context().close();
  });

  it('lets a demo pay no real account: the review says so and the server refuses', async () => {
    const real = await newPage(browser);
    const realEmail = uniqueEmail('real');
    await registerViaDialog(real, realEmail);
    await openVerificationLink(real, realEmail);

    const demo = await newPage(browser);
    await startDemoFromLanding(demo);
    const dialog = await reviewTransfer(demo, { amount: '10', recipientEmail: realEmail });
    await dialog.getByText('A demo account can only pay other demo accounts').waitFor();
    expect(await dialog.getByTestId('confirm-delivery').innerText()).toContain('Not possible');
    expect(await dialog.getByRole('button', { name: 'Confirm and send' }).isDisabled()).toBe(true);
    // Whatever a client shows, the server refuses it too.
    const refusal = await demo.evaluate(async (recipientEmail) => {
      const response = await fetch('/api/transactions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          type: 'send',
          amount: '10.00',
          currency: 'USD',
          fromCurrency: 'USD',
          toCurrency: 'USD',
          recipientEmail,
          description: 'Money Transfer',
          status: 'completed',
        }),
      });
      return { status: response.status, code: (await response.json()).code };
    }, realEmail);
    expect(refusal).toEqual({ status: 422, code: 'DEMO_ACCOUNT' });
    const before = await (await real.request.get('/api/wallets')).json();
    expect(before.find((wallet: { currency: string }) => wallet.currency === 'USD').balance).toBe('0.00');
    await demo.context().close();
    await real.context().close();
  });

  it('changes the email only once the new address confirms it', async () => {
    const page = await newPage(browser);
    const first = uniqueEmail('first');
    await registerViaDialog(page, first);
    await openVerificationLink(page, first);
    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    const next = uniqueEmail('second');
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Email').fill(next);
    await profile.getByLabel('Current password').fill(PASSWORD);
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Check your new email');
    await page.getByTestId('pending-email').getByText(`Changing to ${next}`).waitFor();
    await expectNoSeriousAxeViolations(page, 'profile with a pending email');

    await openVerificationLink(page, next);
    await page.getByText(`${next} is confirmed`).waitFor();
    await waitForMail(first, /Your Meridian email address was changed/);
    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(next);
    await page.context().close();
  });
});
