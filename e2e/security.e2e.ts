import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
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
    // Signing another browser out asks first.
    const confirmSignOut = laptop.getByRole('alertdialog', { name: 'Sign out this browser?' });
    await expectNoSeriousAxeViolations(laptop, 'sign out a session: confirm');
    await confirmSignOut.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    expect((await phone.request.get('/api/auth/me')).status()).toBe(401);

    // Every other session at once takes the password (a stolen session must not sign the owner out).
    await signInViaDialog(phone, email);
    await waitForTitle(phone, 'Dashboard');
    await laptop.reload();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const confirm = laptop.getByRole('dialog', { name: 'Sign out everywhere else' });
    await confirm.getByLabel('Your password').fill('not my password');
    await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await confirm.getByText('Incorrect password').waitFor();
    await expectNoSeriousAxeViolations(laptop, 'sign out everywhere else');
    expect((await phone.request.get('/api/auth/me')).status()).toBe(200);
    await confirm.getByLabel('Your password').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await waitForToast(laptop, 'Signed Out Elsewhere');
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    expect((await phone.request.get('/api/auth/me')).status()).toBe(401);

    const form = laptop.getByRole('form', { name: 'Change password' });
    // Both fields empty: each is asked for, not called "the same as the current one".
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Enter your current password').waitFor();
    await form.getByText('Enter a new password').waitFor();
    expect(await form.innerText()).not.toContain('different from the current one');
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
    // Two browsers, and axe over the whole profile three times: longer than one page's walk.
  }, 120_000);

  it('lists everything that reaches the account in one place, and can end it all with the sessions', async () => {
    const email = uniqueEmail('standing');
    const page = await newPage(browser);
    await registerViaDialog(page, email);
    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    await page.locator('#api-key-name').fill('Payroll script');
    await page.locator('#api-key-scope').selectOption('payments');
    await page.locator('#api-key-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-api-key').textContent())!.trim();
    await page.getByRole('button', { name: 'I saved it' }).click();

    const everything = page.getByRole('list', { name: 'Everything that can reach your account' });
    await everything.getByText('API key: Payroll script (Read + payments)').waitFor();
    await everything.getByText('This browser').waitFor();
    await expectNoSeriousAxeViolations(page, 'profile, everything that can reach the account');

    // Signing out everywhere else can take the standing credentials with it.
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out everywhere else' });
    await confirm.getByLabel('Also revoke every API key and webhook secret').check();
    await confirm.getByLabel('Your password').fill(PASSWORD);
    await expectNoSeriousAxeViolations(page, 'sign out everywhere else, with the standing credentials');
    await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await waitForToast(page, 'Signed Out Elsewhere');
    await page.getByText('1 API key revoked').first().waitFor();
    await everything.getByText('Payroll script').waitFor({ state: 'detached' });
    const refused = await fetch(`${baseUrl()}/api/wallets`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    await page.context().close();
  }, 120_000);

  it('offers a two-factor code with the password once sign-ins are paused', async () => {
    const email = uniqueEmail('paused');
    const owner = await newPage(browser);
    await registerViaDialog(owner, email);
    await owner.context().close();
    const page = await newPage(browser);
    await page.goto('/');
    // The server's pause (an attack on the account from everywhere) for the first try: making a real one
    // takes many addresses and real waits; the server's own tests cover it (two-factor-guessing.test.ts).
    const bodies: unknown[] = [];
    await page.route('**/api/auth/login', async (route) => {
      bodies.push(route.request().postDataJSON());
      if (bodies.length > 1) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { 'retry-after': '600' },
        contentType: 'application/json',
        body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 10 min.' }),
      });
    });
    await signInViaDialog(page, email);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByText('Too many attempts. Try again in 10 min.').waitFor();
    const code = form.getByLabel('Two-factor code (if you use two-factor)');
    await expectNoSeriousAxeViolations(page, 'sign-in paused, code offered');
    // The code rides along with the password in the same request (this account has no two-factor, and no
    // pause any more: the server signs it in on the password and ignores the code).
    await code.fill('123456');
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(bodies).toEqual([
      { email, password: PASSWORD },
      { email, password: PASSWORD, code: '123456' },
    ]);
    await page.context().close();
  });

  it('says plainly when a one-time sign-in link is used, expired or cut short', async () => {
    const page = await newPage(browser);
    await page.goto('/sign-in-link?token=not-a-real-token');
    await page.getByText('We could not sign you in with this link').waitFor();
    await page
      .getByText('This sign-in link has expired or was already used. Please sign in again.')
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'sign-in link refused');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.goto('/sign-in-link');
    await page.getByText('This link is incomplete').waitFor();
    await page.context().close();
  });
});
