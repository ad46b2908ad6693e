import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage, newPhonePage } from './browser';
import { registerViaDialog, startDemoFromLanding, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { countMail, openVerificationLink, waitForMail } from './mail';
import { depositViaApi, openHistory, reviewTransfer } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toastText = (page: Page) => page.locator('[data-slot="toast"]').first().innerText();

describe('Send Money', () => {
  it('sends to another Meridian user through the review: both histories show it', async () => {
    const recipient = await newPage(browser);
    const recipientEmail = uniqueEmail('payee');
    await registerViaDialog(recipient, recipientEmail);
    // Only a verified address receives money at once: open the link the sign-up mailed.
    await openVerificationLink(recipient, recipientEmail);

    const sender = await newPage(browser);
    const senderEmail = uniqueEmail('payer');
    await registerViaDialog(sender, senderEmail);
    // Only a verified account may pay anyone: recipients see its name and address.
    await openVerificationLink(sender, senderEmail);
    await depositViaApi(sender, 'USD', '500.00');

    const dialog = await reviewTransfer(sender, {
      amount: '100',
      recipientEmail,
      description: 'Design sprint split',
    });
    expect(await dialog.getByTestId('confirm-amount').innerText()).toBe('$100.00');
    expect(await dialog.getByTestId('confirm-fee').innerText()).toBe('$2.90');
    expect(await dialog.getByTestId('confirm-total').innerText()).toBe('$102.90');
    expect(await dialog.getByTestId('confirm-received').innerText()).toBe('$100.00');
    await dialog.getByTestId('confirm-delivery').getByText('Instantly, to their Meridian account').waitFor();
    await dialog.getByRole('button', { name: 'Confirm and send' }).click();

    await waitForToast(sender, 'Transfer Successful');
    expect(await toastText(sender)).toContain('Your money has been sent successfully.');
    const receipt = sender.getByTestId('transfer-receipt');
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain('Completed');
    // The form starts over, and the balance shows what left: 500 − 102.90.
    expect(await sender.getByLabel('Amount').inputValue()).toBe('');
    expect(await sender.getByLabel('Recipient email').inputValue()).toBe('');
    expect(await sender.getByLabel('Description').inputValue()).toBe('Money Transfer');
    await sender.getByText('Available: $397.10').waitFor();

    const outgoing = await openHistory(sender, 'Outgoing');
    const sent = outgoing.getByTestId('history-row').first();
    expect(await sent.getByTestId('history-description').innerText()).toBe('Design sprint split');
    expect(await sent.getByTestId('history-amount').innerText()).toMatch(/^−\$100\.00\s*USD$/);
    expect(await sent.getByTestId('history-status').innerText()).toBe('Completed');
    expect(await sent.innerText()).toContain('Robin Reyes'); // the payee's name, as registered

    await recipient.goto('/history');
    const incoming = await openHistory(recipient, 'Incoming');
    const received = incoming.getByTestId('history-row').first();
    expect(await received.getByTestId('history-description').innerText()).toBe('Design sprint split');
    expect(await received.getByTestId('history-amount').innerText()).toMatch(/^\+\$100\.00\s*USD$/);
    expect(await received.getByTestId('history-status').innerText()).toBe('Completed');

    await sender.context().close();
    await recipient.context().close();
  });

  it('pays an external email as Pending, and remembers them as a recipient', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    const external = uniqueEmail('outside');

    const dialog = await reviewTransfer(page, { amount: '40', recipientEmail: external, toCurrency: 'EUR' });
    // Converted at the live rate, so what they get is marked as an estimate.
    expect(await dialog.getByTestId('confirm-received').innerText()).toMatch(/^≈ €\d+\.\d{2}$/);
    expect(await dialog.getByTestId('confirm-total').innerText()).toBe('$41.16');
    await dialog.getByRole('button', { name: 'Confirm and send' }).click();
    await waitForToast(page, 'Transfer Successful');
    expect(await toastText(page)).toContain(`on its way to ${external}`);
    expect(await page.getByTestId('transfer-receipt').innerText()).toContain('Pending');

    // Recent Recipients: choosing them fills the form; saving and removing work.
    const recipients = page.getByRole('region', { name: 'Recent Recipients' });
    await recipients.locator('button[aria-pressed]', { hasText: external }).click();
    expect(await page.getByLabel('Recipient email').inputValue()).toBe(external);
    await recipients.getByRole('button', { name: `Save ${external}` }).click();
    await waitForToast(page, 'Recipient Saved');
    await recipients.getByRole('button', { name: `Remove ${external}` }).waitFor();
    await recipients.getByRole('button', { name: `Remove ${external}` }).click();
    await waitForToast(page, 'Recipient Removed');
    await recipients.getByRole('button', { name: `Save ${external}` }).waitFor();

    const outgoing = await openHistory(page, 'Outgoing');
    const row = outgoing.getByTestId('history-row').first();
    expect(await row.innerText()).toContain(external);
    expect(await row.getByTestId('history-status').innerText()).toBe('Pending');
    await page.context().close();
  });

  it('asks an unverified account to verify its email first, with a button that mails the link again', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('unproven');
    await registerViaDialog(page, email);
    await waitForMail(email, /Confirm your email address/);
    await page.goto('/transfer');
    await waitForTitle(page, 'Send Money');
    const transfer = page.getByRole('region', { name: 'Transfer' });
    await transfer.getByText('Verify your email first').waitFor();
    expect(await transfer.innerText()).toContain(email);
    expect(await page.getByRole('form', { name: 'Send money' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'Send Money before the email is verified');

    const mailsBefore = countMail(email, /Confirm your email address/);
    await transfer.getByRole('button', { name: 'Resend verification email' }).click();
    await waitForToast(page, 'Email sent');
    await expect.poll(() => countMail(email, /Confirm your email address/)).toBe(mailsBefore + 1);

    // The newest link proves the address, and the form is there.
    await openVerificationLink(page, email);
    await page.goto('/transfer');
    await page.getByRole('form', { name: 'Send money' }).waitFor();
    expect(await transfer.getByText('Verify your email first').count()).toBe(0);
    await page.context().close();
  });

  it('says the wallet cannot cover the transfer and keeps Confirm off', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('broke');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    const dialog = await reviewTransfer(page, {
      amount: '50',
      fromCurrency: 'USD',
      recipientEmail: uniqueEmail('someone'),
    });
    await dialog.getByText('The total is more than the $0.00 in your USD wallet.').waitFor();
    // The review knows the server would refuse it: Confirm is off (the server's refusal stays in its tests).
    expect(await dialog.getByRole('button', { name: 'Confirm and send' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Nothing moved: no outgoing row.
    const outgoing = await openHistory(page, 'Outgoing');
    await outgoing.getByText('No outgoing transactions').waitFor();
    await page.context().close();
  });

  it('asks for the required fields and refuses an amount with too many decimals', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.goto('/transfer');
    await waitForTitle(page, 'Send Money');
    const form = page.getByRole('form', { name: 'Send money' });
    await form.getByRole('button', { name: 'Review transfer' }).click();
    await waitForToast(page, 'Missing Information');
    expect(await toastText(page)).toContain('Please fill in all required fields');

    await form.getByLabel('Amount').fill('10.123');
    await form.getByText('USD amounts can have at most 2 decimal places').waitFor();
    expect(await form.getByLabel('Amount').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Recipient email').fill('someone@example.com');
    await form.getByRole('button', { name: 'Review transfer' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('passes axe with the review open, in light and dark, and fits a phone', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.goto('/transfer');
    await page.getByTestId('transfer-rates').waitFor();
    await page.getByTestId('recipients').waitFor();
    await expectNoSeriousAxeViolations(page, '/transfer');
    await reviewTransfer(page, { amount: '25', recipientEmail: 'ana@example.com', toCurrency: 'GBP' });
    await expectNoSeriousAxeViolations(page, '/transfer with the review open');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await expectNoSeriousAxeViolations(page, '/transfer (dark)');
    await page
      .getByRole('form', { name: 'Send money' })
      .getByRole('button', { name: 'Review transfer' })
      .click();
    await page.getByRole('dialog', { name: 'Review transfer' }).waitFor();
    await expectNoSeriousAxeViolations(page, '/transfer with the review open (dark)');
    await page.context().close();

    const phone = await newPhonePage(browser);
    await startDemoFromLanding(phone);
    await phone.goto('/transfer');
    await phone.getByTestId('transfer-rates').waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoSeriousAxeViolations(phone, '/transfer on a phone');
    const dialog = await reviewTransfer(phone, { amount: '25', recipientEmail: 'ana@example.com' });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectNoSeriousAxeViolations(phone, '/transfer review on a phone');
    await phone.context().close();
  });
});
