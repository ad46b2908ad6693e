import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import {
  PASSWORD,
  registerViaDialog,
  signInViaDialog,
  uniqueEmail,
  waitForTitle,
  waitForToast,
} from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Profile security', () => {
  it('signs another browser out, then changes the password (which ends every other session)', async () => {
    const email = uniqueEmail('secure');
    const laptop = await newPage(browser);
    await registerViaDialog(laptop, email);
    const phone = await newPage(browser);
    await phone.goto('/');
    await signInViaDialog(phone, email);
    await waitForTitle(phone, 'Dashboard');

    await laptop.goto('/profile');
    await waitForTitle(laptop, 'Profile');
    const sessions = laptop.getByRole('list', { name: 'Signed-in sessions' });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    expect(await sessions.innerText()).toContain('This browser');
    await expectNoSeriousAxeViolations(laptop, 'profile with sessions');

    await sessions.getByRole('button', { name: /^Sign out / }).click();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    expect((await phone.request.get('/api/auth/me')).status()).toBe(401);

    const form = laptop.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill('an entirely new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Incorrect password').waitFor();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await waitForToast(laptop, 'Password Changed');
    expect((await laptop.request.get('/api/auth/me')).status()).toBe(200);
    await laptop.context().close();
    await phone.context().close();
  });
});
