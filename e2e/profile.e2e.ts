import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import {
  PASSWORD,
  registerViaDialog,
  startDemoFromLanding,
  uniqueEmail,
  waitForTitle,
  waitForToast,
} from './flows';
import { openVerificationLink } from './mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('profile', () => {
  it('keeps a demo account on its own address', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.goto('/profile');
    const email = page.getByRole('form', { name: 'Profile' }).getByLabel('Email');
    await email.waitFor();
    expect(await email.isDisabled()).toBe(true);
    await page.getByText('A demo account keeps its made-up address').waitFor();
    await page.context().close();
  });

  it('saves the profile, confirms with a toast and keeps the change after a reload', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.goto('/profile');
    await waitForTitle(page, 'Profile & Settings');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Phone').fill('+1 (555) 010-4477');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Profile Updated');

    await page.reload();
    await waitForTitle(page, 'Profile & Settings');
    const reloaded = page.getByRole('form', { name: 'Profile' });
    await reloaded.getByLabel('First name').waitFor();
    expect(await reloaded.getByLabel('First name').inputValue()).toBe('Jordan');
    expect(await reloaded.getByLabel('Phone').inputValue()).toBe('+1 (555) 010-4477');
    await page.context().close();
  });

  it('updates the avatar initials once a new email is confirmed, and refuses an invalid phone', async () => {
    const page = await newPage(browser);
    const first = uniqueEmail('amy');
    await registerViaDialog(page, first);
    await openVerificationLink(page, first);
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Profile' });
    const next = `zed-${Date.now()}@example.com`;
    await form.getByLabel('Email').fill(next);
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Check your new email');
    await openVerificationLink(page, next);
    await page.goto('/profile');
    await page.getByTestId('avatar-initials').getByText('ZE').waitFor();

    await form.getByLabel('Phone').fill('call me maybe');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Phone may contain digits, spaces, +, -, ( and )').waitFor();
    await page.context().close();
  });
});
