import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import {
  logoutViaAvatarMenu,
  PASSWORD,
  registerViaDialog,
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

// A browser refuses an IP address as a passkey's domain: the app is opened as localhost, which the server
// takes its passkeys as (modules/passkeys/relying-party.ts).
const localhost = () => baseUrl().replace('127.0.0.1', 'localhost');

/** Chromium's virtual authenticator: a platform one that keeps passkeys and verifies its user. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

describe.each(laptopAndPhone)('passkeys (%s)', (size, open) => {
  it('adds a passkey in the profile, then signs in with it and no password', async () => {
    const page = await open(browser, { baseURL: localhost() });
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const email = uniqueEmail(`passkey-${size}`);
    await registerViaDialog(page, email);

    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    await page.getByText('No passkeys yet: you sign in with your password.').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Passkey name').fill(`My ${size}`);
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await expectNoSeriousAxeViolations(page, `add a passkey (${size})`);
    await dialog.getByRole('button', { name: 'Add passkey' }).click();
    await waitForToast(page, 'Passkey added');
    const list = page.getByRole('list', { name: 'Passkeys' });
    await list.getByText(`My ${size}`, { exact: true }).waitFor();
    await list.getByText(/not used yet/).waitFor();
    await expectNoSeriousAxeViolations(page, `passkeys listed (${size})`);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await logoutViaAvatarMenu(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign In', exact: true })
      .click();
    const signIn = page.getByRole('dialog');
    await signIn.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await expectNoSeriousAxeViolations(page, `sign-in with a passkey offered (${size})`);
    await signIn.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    await waitForTitle(page, 'Dashboard');

    // The use is recorded; the passkey can be renamed, and removed after a confirmation.
    await page.goto('/profile');
    await list.getByText(/last used/).waitFor();
    await list.getByRole('button', { name: `Rename My ${size}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Passkey name').fill('Work laptop');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await list.getByText('Work laptop', { exact: true }).waitFor();
    await list.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText('No passkeys yet: you sign in with your password.').waitFor();
    await page.context().close();
  });

  it('says so plainly when the passkey prompt is cancelled', async () => {
    const page = await open(browser, { baseURL: localhost() });
    // An authenticator holding no passkey for this site: the browser ends the request as a cancel does.
    await virtualAuthenticator(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign In', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText(/cancelled or timed out/).waitFor();
    await expectNoSeriousAxeViolations(page, `passkey cancelled (${size})`);
    await page.context().close();
  });
});
