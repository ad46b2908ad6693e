import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

export const PASSWORD = 'correct horse battery';

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Waits for the app header's page title (the h1 inside the shell) to read `title`. */
export async function waitForTitle(page: Page, title: string) {
  await page.locator('header h1', { hasText: title }).first().waitFor();
}

export async function startDemoFromLanding(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Explore the demo' }).first().click();
  await page.waitForURL('**/dashboard');
  await waitForTitle(page, 'Dashboard');
}

export async function registerViaDialog(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Robin');
  await dialog.getByLabel('Last name').fill('Reyes');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await waitForTitle(page, 'Dashboard');
}

export async function signInViaDialog(page: Page, email: string, password = PASSWORD) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign In', exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function logoutViaAvatarMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** Waits for a toast whose title is exactly `title`. */
export async function waitForToast(page: Page, title: string) {
  await page.locator('[data-slot="toast-title"]', { hasText: title }).first().waitFor();
}
