import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../server/src/test/smtp';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import { logoutViaAvatarMenu, registerViaDialog, signInViaDialog, uniqueEmail, waitForTitle } from './flows';
import { openVerificationLink, waitForMail } from './mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('forgotten password', () => {
  it('asks for a link from the sign-in dialog, opens it from the mail and signs in with the new password', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('forgetful');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    await logoutViaAvatarMenu(page);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign In', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'forgot password');
    const ask = page.getByRole('form', { name: 'Reset your password' });
    await ask.getByLabel('Email').fill(email);
    await ask.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();

    const mail = await waitForMail(email, /Choose a new Meridian password/);
    expect(linkIn(mail)).toMatch(/\/reset-password\?token=[\w-]{22}$/);
    await page.goto(linkIn(mail));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'choose a new password');
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    // What a reset ends is said before it is done.
    await choose
      .getByText('signs out every browser signed in to your account and removes its passkeys')
      .waitFor();
    // The server's reason for a guessable password shows under the field.
    await choose.getByLabel('New password').fill('123456789012');
    await choose.getByRole('button', { name: 'Change password' }).click();
    await choose.getByText(/too easy to guess/).waitFor();
    expect(await choose.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');

    const newPassword = 'lantern orchard velvet';
    await choose.getByLabel('New password').fill(newPassword);
    await choose.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed').waitFor();
    await waitForMail(email, /Your Meridian password was changed/);

    await page.getByRole('link', { name: 'Sign in to Meridian' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInViaDialog(page, email, newPassword);
    await page.waitForURL('**/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page.context().close();
  });
});

describe('guessable passwords', () => {
  it('are refused at sign-up with the server’s reason under the field', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(uniqueEmail('weak'));
    await dialog.getByLabel('Password').fill('passwordpassword');
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await dialog.getByText(/too easy to guess/).waitFor();
    expect(await dialog.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
