import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { PASSWORD, registerViaDialog, uniqueEmail, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A script's call: the key as a bearer token, nothing of the browser's. */
const callWith = (secret: string) =>
  fetch(`${baseUrl()}/api/transactions`, { headers: { authorization: `Bearer ${secret}` } });

describe.each(laptopAndPhone)('personal API keys (%s)', (size, open) => {
  it('makes a key in the profile, shows it once, and a script is refused once it is revoked', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`keys-${size}`));
    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    await page.getByText('You have no API keys.').waitFor();

    await page.locator('#api-key-name').fill('Bookkeeping sync');
    await page.locator('#api-key-scope').selectOption('read');
    // A key outlives the session that makes it: the password is asked again.
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('form', { name: 'New API key' }).getByText('Enter your password').waitFor();
    await page.locator('#api-key-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await shown.waitFor();
    const secret = (await shown.textContent())!.trim();
    expect(secret).toMatch(/^mer_live_/);
    await page.getByText('this is the only time it is shown').waitFor();
    await expectNoSeriousAxeViolations(page, `profile, new API key (${size})`);
    await page.getByRole('button', { name: 'I saved it' }).click();
    await shown.waitFor({ state: 'detached' });
    if ((await page.getByText(secret).count()) !== 0) throw new Error('the secret is still shown');

    // The script reads the history with it.
    const allowed = await callWith(secret);
    expect(allowed.status).toBe(200);
    expect(Array.isArray(await allowed.json())).toBe(true);

    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem');
    await row.getByText('Bookkeeping sync').waitFor();
    await row.getByText('Read only').waitFor();
    await page.reload();
    await row.getByText(/last used/).waitFor();
    await expectNoSeriousAxeViolations(page, `profile, API keys listed (${size})`);

    await row.getByRole('button', { name: 'Revoke the key Bookkeeping sync' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('You have no API keys.').waitFor();

    const refused = await callWith(secret);
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe('API_KEY_REVOKED');
  }, 120_000);
});
