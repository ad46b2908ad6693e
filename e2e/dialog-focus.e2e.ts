import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('Dialog focus (%s)', (name, open) => {
  it('the sign-in dialog opens on the email field, and Esc returns focus to Sign In', async () => {
    const page = await open(browser);
    await page.goto('/');
    const signIn = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign In', exact: true });
    await signIn.click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel('Email').evaluate((field) => field === document.activeElement))
      .toBe(true);
    await expectNoSeriousAxeViolations(page, `sign-in dialog (${name})`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back as the dialog finishes closing, a moment after it is hidden.
    await expect.poll(() => signIn.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
