import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPhonePage } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('app shell (phone, 390×844)', () => {
  it('hides the sidebar and navigates with a bottom tab bar of all nine entries', async () => {
    const page = await newPhonePage(browser);
    await startDemoFromLanding(page);
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);

    const tabBar = page.getByRole('navigation', { name: 'Main' });
    const labels = (await tabBar.getByRole('link').allInnerTexts()).map((text) => text.trim());
    expect(labels).toEqual([
      'Dashboard',
      'Portfolio',
      'Invoices',
      'Convert',
      'Cards',
      'Send',
      'History',
      'Profile',
      'System',
    ]);
    const box = await tabBar.boundingBox();
    expect(box && box.y + box.height).toBe(844);
    await expectNoSeriousAxeViolations(page, '/dashboard on a phone');

    await tabBar.getByRole('link', { name: 'System', exact: true }).click();
    await page.waitForURL('**/system-status');
    await waitForTitle(page, 'System Status');
    await tabBar.getByRole('link', { name: 'Send', exact: true }).click();
    await page.waitForURL('**/transfer');
    await waitForTitle(page, 'Send Money');
    await page.context().close();
  });

  it('fits the landing page into 360 px without sideways scrolling', async () => {
    const page = await newPhonePage(browser, 360);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoSeriousAxeViolations(page, 'landing at 360 px');
    await page.context().close();
  });
});
