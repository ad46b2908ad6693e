import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../server/src/test/webhook-receiver';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { PASSWORD, registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe.each(laptopAndPhone)('webhooks (%s)', (size, open) => {
  it('registers an endpoint, shows its secret once, and logs a test event the receiver can verify', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`webhooks-${size}`));
    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    await page.getByText('No endpoints yet: nothing is sent anywhere.').waitFor();

    const url = receiver.url(`/hooks-${size}`);
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Transfer delivered').check();
    await page.locator('#webhook-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByTestId('webhook-secret');
    const secret = (await shown.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('list', { name: 'Webhook endpoints' }).getByText(url).waitFor();
    await expectNoSeriousAxeViolations(page, `profile, webhook secret shown (${size})`);
    await page.getByRole('button', { name: 'I saved it' }).click();
    await shown.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await waitForToast(page, 'Test event sent');
    const log = page.getByRole('list', { name: 'Deliveries' });
    await log.getByText('Delivered', { exact: true }).waitFor();
    await log.getByText('webhook.ping').waitFor();
    await page.getByText('Deliveries are kept for 30 days once they are over').waitFor();
    await expectNoSeriousAxeViolations(page, `profile, webhook deliveries (${size})`);

    const [got] = receiver.at(`/hooks-${size}`);
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({ type: 'webhook.ping' });
    await page.getByText(got!.headers['webhook-id'], { exact: false }).waitFor();
  });
});
