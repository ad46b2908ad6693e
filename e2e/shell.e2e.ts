import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

const pages = [
  { label: 'Dashboard', path: '/dashboard', title: 'Dashboard' },
  { label: 'Portfolio', path: '/portfolio', title: 'Portfolio & Trading' },
  { label: 'Invoices', path: '/invoices', title: 'Invoices & Billing' },
  { label: 'Clients', path: '/clients', title: 'Clients' },
  { label: 'Convert', path: '/convert', title: 'Currency Converter' },
  { label: 'Cards', path: '/cards', title: 'My Cards' },
  { label: 'Send', path: '/transfer', title: 'Send Money' },
  { label: 'History', path: '/history', title: 'Transaction History' },
  { label: 'Books', path: '/books/categories', title: 'Books' },
  { label: 'Profile', path: '/profile', title: 'Profile & Settings' },
  { label: 'System', path: '/system-status', title: 'System Status' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('app shell (desktop)', () => {
  it('navigates to all eleven pages from the sidebar, each with its title and no serious axe violations', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText('System Active').waitFor();
    const links = await sidebar.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
    expect(links.map((text) => text.trim())).toEqual(pages.map((entry) => entry.label));
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1); // the tab bar is hidden

    for (const entry of pages) {
      await sidebar.getByRole('link', { name: entry.label, exact: true }).click();
      await page.waitForURL(`**${entry.path}`);
      await waitForTitle(page, entry.title);
      expect(await page.title()).toBe(`${entry.title} · Meridian`);
      expect(
        await sidebar.getByRole('link', { name: entry.label, exact: true }).getAttribute('aria-current'),
      ).toBe('page');
      await page.locator('main [data-slot]').first().waitFor();
      await expectNoSeriousAxeViolations(page, entry.path);
    }
    await page.context().close();
  }, 120_000); // Eleven pages, each checked by axe.

  it('passes axe on the dashboard in the dark theme too', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousAxeViolations(page, '/dashboard (dark)');
    await page.context().close();
  });

  it('opens the avatar menu with the email initials and goes to Profile Settings', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    // Demo accounts have emails like demo-1a2b3c@demo.meridian.app.
    expect(await page.getByTestId('avatar-initials').innerText()).toBe('DE');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Profile Settings' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'avatar menu open');
    await menu.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.waitForURL('**/profile');
    await waitForTitle(page, 'Profile & Settings');
    await page.context().close();
  });

  it('opens the notifications panel from the header bell', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    // The demo starts with its welcome and the story's two latest client payments, all unread.
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications, 3 unread' });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Welcome to Meridian').waitFor();
    await panel.getByRole('tab', { name: 'Pinned' }).click();
    await panel.getByText('No notifications').waitFor();
    expect(await panel.evaluate((element) => element.getBoundingClientRect().width)).toBe(384);
    await expectNoSeriousAxeViolations(page, 'notifications panel open');
    await page.context().close();
  });
});
