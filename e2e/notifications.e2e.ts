import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { openVerificationLink } from './mail';
import { depositViaApi } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const bell = (page: Page) => page.locator('header').getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.locator('header').getByTestId('notification-badge');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const item = (page: Page, title: string) =>
  panel(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });

async function openMenu(page: Page, title: string) {
  await panel(page)
    .getByRole('button', { name: `Actions for ${title}` })
    .first()
    .click();
  return page.getByRole('menu');
}

describe('Notifications', () => {
  it('shows a payment live in the open panel of the recipient, and every panel action works', async () => {
    const recipient = await newPage(browser);
    const recipientEmail = uniqueEmail('bell');
    await registerViaDialog(recipient, recipientEmail);
    await openVerificationLink(recipient, recipientEmail);
    await recipient.goto('/dashboard');
    await waitForTitle(recipient, 'Dashboard');
    // Welcome and "Email address verified".
    await expect.poll(() => badge(recipient).innerText()).toBe('2');

    await bell(recipient).click();
    await item(recipient, 'Welcome to Meridian').waitFor();
    await expectNoSeriousAxeViolations(recipient, 'notification panel');

    const sender = await newPage(browser);
    const senderEmail = uniqueEmail('payer');
    await registerViaDialog(sender, senderEmail);
    await openVerificationLink(sender, senderEmail);
    await depositViaApi(sender, 'USD', '100.00');
    const sent = await sender.request.post('/api/transactions', {
      data: { amount: '42.00', fromCurrency: 'USD', recipientEmail, description: 'Invoice 7' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(sent.status()).toBe(201);

    // No reload: the stream pushes the item into the open panel and the count onto the bell.
    const received = item(recipient, 'Money received');
    await received.waitFor();
    expect(await received.innerText()).toContain('Robin Reyes sent you $42.00.');
    expect(await received.innerText()).toContain('less than a minute ago');
    await expect.poll(() => badge(recipient).innerText()).toBe('3');
    expect(
      await panel(recipient)
        .getByRole('tab', { name: /Unread/ })
        .innerText(),
    ).toContain('3');

    // Tabs filter by their rule.
    await panel(recipient).getByRole('tab', { name: 'Security' }).click();
    await item(recipient, 'Email address verified').waitFor();
    expect(await received.count()).toBe(0);
    await panel(recipient).getByRole('tab', { name: 'Payments' }).click();
    await received.waitFor();
    await panel(recipient).getByRole('tab', { name: 'All' }).click();

    // Pin, shown on top with its icon and in Pinned; then unpin.
    await (await openMenu(recipient, 'Welcome to Meridian')).getByRole('menuitem', { name: 'Pin' }).click();
    await item(recipient, 'Welcome to Meridian').getByLabel('Pinned').waitFor();
    expect(await panel(recipient).getByRole('listitem').first().innerText()).toContain('Welcome to Meridian');
    await panel(recipient).getByRole('tab', { name: 'Pinned' }).click();
    await expect.poll(() => panel(recipient).getByRole('listitem').count()).toBe(1);
    await panel(recipient).getByRole('tab', { name: 'All' }).click();
    await (await openMenu(recipient, 'Welcome to Meridian')).getByRole('menuitem', { name: 'Unpin' }).click();
    await expect.poll(() => item(recipient, 'Welcome to Meridian').getByLabel('Pinned').count()).toBe(0);

    // Mark one read from its menu; delete another.
    await (
      await openMenu(recipient, 'Email address verified')
    )
      .getByRole('menuitem', { name: 'Mark as read' })
      .click();
    await expect.poll(() => badge(recipient).innerText()).toBe('2');
    await (
      await openMenu(recipient, 'Email address verified')
    )
      .getByRole('menuitem', { name: 'Delete' })
      .click();
    // Deleting asks first.
    const confirmDelete = recipient.getByRole('alertdialog', { name: 'Delete this notification?' });
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => item(recipient, 'Email address verified').count()).toBe(0);

    // Clicking an item marks it read and follows its link.
    await received.getByRole('button', { name: /^Money received/ }).click();
    await recipient.waitForURL('**/history');
    await waitForTitle(recipient, 'Transaction History');
    await expect.poll(() => badge(recipient).innerText()).toBe('1');

    // Mark all read: the spec's toast, the badge gone, the button disabled.
    await bell(recipient).click();
    await panel(recipient).getByRole('button', { name: 'Mark all as read' }).click();
    await waitForToast(recipient, 'Success');
    await expect.poll(() => badge(recipient).count()).toBe(0);
    expect(await panel(recipient).getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await panel(recipient).getByRole('button', { name: 'Close notifications' }).click();
    await expect.poll(() => panel(recipient).count()).toBe(0);

    await sender.context().close();
    await recipient.context().close();
  });
});
