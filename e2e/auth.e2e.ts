import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import {
  PASSWORD,
  logoutViaAvatarMenu,
  registerViaDialog,
  signInViaDialog,
  uniqueEmail,
  waitForTitle,
} from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accounts', () => {
  it('registers, signs out from the avatar menu and signs back in', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('robin');
    await registerViaDialog(page, email);
    expect(await page.getByTestId('avatar-initials').innerText()).toBe('RO');

    await logoutViaAvatarMenu(page);
    // The session is gone on the server too: the app stays signed out after a reload.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');

    await signInViaDialog(page, email);
    await page.waitForURL('**/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page.context().close();
  });

  it('shows the server’s messages: a taken email on its field, wrong credentials above the form', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('taken');
    await registerViaDialog(page, email);
    await logoutViaAvatarMenu(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await dialog.getByText('An account with this email already exists').waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByRole('tab', { name: 'Sign in' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.getByText('Incorrect email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
