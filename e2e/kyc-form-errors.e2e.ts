import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('the verification form (%s)', (size, open) => {
  it('drops a field’s error as soon as the field is filled, after the first submit', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`kyc-errors-${size}`));
    await page.goto('/onboarding');
    await waitForTitle(page, 'Identity Verification');
    const personal = page.getByRole('form', { name: 'Personal information' });
    const phone = personal.getByLabel('Phone');
    expect(await phone.getAttribute('aria-invalid')).not.toBe('true');
    await personal.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    await phone.fill('+44 20 7946 0000');
    await expect.poll(() => phone.getAttribute('aria-invalid')).not.toBe('true');
    // The fields still empty keep theirs.
    expect(await personal.getByLabel('Address').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });
});
