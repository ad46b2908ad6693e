import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage, newPhonePage } from './browser';
import {
  logoutViaAvatarMenu,
  PASSWORD,
  registerViaDialog,
  signInViaDialog,
  uniqueEmail,
  waitForTitle,
  waitForToast,
} from './flows';

/** What the authenticator app shows `steps` time steps (30 s) from now: each step's code is accepted once. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Two-factor authentication', () => {
  it('enrols from the profile, then signs in with a code from the app', async () => {
    const email = uniqueEmail('2fa');
    const page = await newPage(browser);
    await registerViaDialog(page, email);
    await page.goto('/profile');
    await waitForTitle(page, 'Profile');

    const toggle = page.getByRole('switch', { name: 'Two-factor authentication' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor' });
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await dialog.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoSeriousAxeViolations(page, 'two-factor enrol dialog');

    // Codes are computed just before they are typed: one computed earlier may belong to a step gone by.
    const wrong = (await codeAt(secret)) === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Code from the app').fill(wrong);
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText(/^Incorrect code/).waitFor();
    // The password too: a stolen session must not enrol its own authenticator.
    await dialog.getByLabel('Code from the app').fill(await codeAt(secret));
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText('Incorrect password').waitFor();
    await dialog.getByLabel('Code from the app').fill(await codeAt(secret));
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    // The toast can mount a frame after the codes; judged before it is there, axe would catch it fading in.
    await waitForToast(page, 'Two-factor On');
    await expectNoSeriousAxeViolations(page, 'recovery codes');
    // The codes can be kept as a text file, not only copied.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download codes' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meridian-recovery-codes.txt');
    const saved = await readFile(await download.path(), 'utf8');
    for (const code of await codes.getByRole('listitem').allInnerTexts()) expect(saved).toContain(code);
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByText('On. 10 recovery codes left.').waitFor();
    await page.getByText('Two-factor on', { exact: true }).waitFor();

    const alerts = page.getByRole('switch', { name: 'Sign-in alerts' });
    expect(await alerts.getAttribute('aria-checked')).toBe('true');
    await alerts.click();
    // Turning the alerts off asks for the password.
    const alertsOff = page.getByRole('dialog', { name: 'Turn off sign-in alerts' });
    await alertsOff.getByLabel('Your password').fill('not my password');
    await alertsOff.getByRole('button', { name: 'Turn off alerts' }).click();
    await alertsOff.getByText('Incorrect password').waitFor();
    await expectNoSeriousAxeViolations(page, 'turn off sign-in alerts');
    await alertsOff.getByLabel('Your password').fill(PASSWORD);
    await alertsOff.getByRole('button', { name: 'Turn off alerts' }).click();
    await waitForToast(page, 'Sign-in Alerts Off');
    await alertsOff.waitFor({ state: 'detached' });
    expect(await alerts.getAttribute('aria-checked')).toBe('false');
    await expectNoSeriousAxeViolations(page, 'profile with two-factor on');

    await logoutViaAvatarMenu(page);
    await signInViaDialog(page, email);
    const step = page.getByRole('form', { name: 'Two-factor code' });
    await step.getByLabel('Authentication code').waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await expectNoSeriousAxeViolations(page, 'sign-in code step');
    // The next step's code (accepted: one step of clock drift either way), as the current step's code may be
    // the one that confirmed the setup, and a code is accepted once.
    await step.getByLabel('Authentication code').fill(await codeAt(secret, 1));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page.context().close();
  });

  it('signs in with a recovery code on a phone, in the dark theme, and turns two-factor off', async () => {
    const email = uniqueEmail('2fa-phone');
    // The account and its two-factor are set up through the API; the phone does the signing in.
    const setupPage = await newPage(browser);
    const registered = await setupPage.request.post('/api/auth/register', {
      data: { email, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    const { secret } = await (await setupPage.request.post('/api/user/2fa/setup')).json();
    const enabled = await setupPage.request.post('/api/user/2fa/enable', {
      data: { code: await codeAt(secret, -1), password: PASSWORD },
    });
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    await setupPage.context().close();

    const page = await newPhonePage(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await signInViaDialog(page, email);
    const step = page.getByRole('form', { name: 'Two-factor code' });
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await step.getByLabel('Recovery code').fill('aaaaa-aaaaa');
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByText('That recovery code is wrong or already used').waitFor();
    expect(await overflow(page)).toBe(0);
    await expectNoSeriousAxeViolations(page, 'recovery code step (phone, dark)');
    await step.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    await page.getByText('On. 9 recovery codes left.').waitFor();
    expect(await overflow(page)).toBe(0);
    await page.getByRole('switch', { name: 'Two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor' });
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]!);
    await dialog.getByRole('button', { name: 'Turn off two-factor' }).click();
    await dialog.getByText('Incorrect code').waitFor();
    await expectNoSeriousAxeViolations(page, 'turn off two-factor (phone, dark)');
    await dialog.getByLabel('Code', { exact: true }).fill(await codeAt(secret));
    await dialog.getByRole('button', { name: 'Turn off two-factor' }).click();
    await waitForToast(page, 'Two-factor Off');
    await expect
      .poll(() =>
        page.getByRole('switch', { name: 'Two-factor authentication' }).getAttribute('aria-checked'),
      )
      .toBe('false');
    await page.context().close();
  });
});
