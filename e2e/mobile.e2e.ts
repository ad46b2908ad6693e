import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPhonePage } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

const tabs = [
  { label: 'Dashboard', path: '/dashboard', title: 'Dashboard' },
  { label: 'Portfolio', path: '/portfolio', title: 'Portfolio & Trading' },
  { label: 'Convert', path: '/convert', title: 'Currency Converter' },
  { label: 'Send', path: '/transfer', title: 'Send Money' },
  { label: 'History', path: '/history', title: 'Transaction History' },
];
const behindMore = [
  { label: 'Invoices', path: '/invoices', title: 'Invoices & Billing' },
  { label: 'Clients', path: '/clients', title: 'Clients' },
  { label: 'Cards', path: '/cards', title: 'My Cards' },
  { label: 'Books', path: '/books/categories', title: 'Books' },
  { label: 'Profile', path: '/profile', title: 'Profile & Settings' },
  { label: 'System', path: '/system-status', title: 'System Status' },
];

// Beside the test reports (.tmp, which the runner writes and git ignores): one picture per destination.
const screenshotDir = fileURLToPath(new URL('../.tmp/screenshots/', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The header's title is shown whole (not cut with an ellipsis, one line) and the logo keeps its square tile. */
async function expectWholeTitle(page: Page, title: string) {
  await waitForTitle(page, title);
  const h1 = await page.locator('header h1').evaluate((element) => ({
    text: element.textContent,
    cut: element.scrollWidth > element.clientWidth,
    // One client rect per line box the text takes.
    lines: (() => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getClientRects().length;
    })(),
  }));
  expect(h1).toEqual({ text: title, cut: false, lines: 1 });
  const logo = page.getByRole('banner').locator('svg').first();
  const logoBox = await logo.boundingBox();
  expect(logoBox && [logoBox.width, logoBox.height]).toEqual([28, 28]);
  // The tile's gradient is the mark's own, not the hidden sidebar's (which Chromium would not paint).
  expect(
    await logo.evaluate((svg) => {
      const id = /^url\(#(.+)\)$/.exec(svg.querySelector('rect')?.getAttribute('fill') ?? '')?.[1];
      return id !== undefined && svg.contains(document.getElementById(id));
    }),
  ).toBe(true);
}

async function screenshot(page: Page, label: string) {
  await page.locator('main [data-slot]').first().waitFor();
  await page.screenshot({ path: `${screenshotDir}phone-${label.toLowerCase()}.png` });
}

describe('app shell (phone, 390×844)', () => {
  it('reaches all eleven entries: five tabs and the rest through More, with no sideways scrolling', async () => {
    const page = await newPhonePage(browser);
    await startDemoFromLanding(page);
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);

    const tabBar = page.getByRole('navigation', { name: 'Main' });
    const labels = (await tabBar.getByRole('link').allInnerTexts()).map((text) => text.trim());
    expect(labels).toEqual(tabs.map((tab) => tab.label));
    const more = tabBar.getByRole('button', { name: 'More', exact: true });
    expect(await more.getAttribute('aria-haspopup')).toBe('dialog');
    const box = await tabBar.boundingBox();
    expect(box && box.y + box.height).toBe(844);
    // Every tab and More wholly on screen, and nothing to scroll to.
    for (const item of [...(await tabBar.getByRole('link').all()), more]) {
      const itemBox = await item.boundingBox();
      expect(itemBox!.x).toBeGreaterThanOrEqual(0);
      expect(itemBox!.x + itemBox!.width).toBeLessThanOrEqual(390);
    }
    expect(await tabBar.locator('ul').evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await expectNoSeriousAxeViolations(page, '/dashboard on a phone');

    for (const tab of tabs) {
      await tabBar.getByRole('link', { name: tab.label, exact: true }).click();
      await page.waitForURL(`**${tab.path}`);
      await expectWholeTitle(page, tab.title);
      expect(
        await tabBar.getByRole('link', { name: tab.label, exact: true }).getAttribute('aria-current'),
      ).toBe('page');
      expect(await more.getAttribute('aria-current')).toBeNull();
      await screenshot(page, tab.label);
    }

    for (const [index, entry] of behindMore.entries()) {
      await more.click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      const links = sheet.getByRole('link');
      expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual(
        behindMore.map((each) => each.label),
      );
      if (index === 0) {
        await expectNoSeriousAxeViolations(page, 'the More sheet open');
        await page.screenshot({ path: `${screenshotDir}phone-more-sheet.png` });
      }
      await sheet.getByRole('link', { name: entry.label, exact: true }).click();
      await page.waitForURL(`**${entry.path}`);
      await sheet.waitFor({ state: 'hidden' }); // navigating closes it
      await expectWholeTitle(page, entry.title);
      expect(await more.getAttribute('aria-current')).toBe('page'); // the page is one of More's
      await screenshot(page, entry.label);
    }
    await expectNoSeriousAxeViolations(page, '/system-status on a phone');
    await page.context().close();
  }, 120_000); // Eleven pages, each with a screenshot and a check of its title.

  it('opens More from the keyboard, marks the open page in it, and closes with Escape', async () => {
    const page = await newPhonePage(browser);
    await startDemoFromLanding(page);
    await page.goto('/cards');
    await expectWholeTitle(page, 'My Cards');
    const more = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.waitFor();
    // Focus moves into the sheet, and the open page is marked there too.
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await sheet.getByRole('link', { name: 'Cards' }).getAttribute('aria-current')).toBe('page');
    // The theme toggle moved here from the header, where it would cut the longer titles.
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: /theme$/ })
        .isVisible(),
    ).toBe(false);
    await sheet.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousAxeViolations(page, 'the More sheet open (dark)');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // Radix hands focus back a tick after the sheet unmounts, so wait for it rather than read it at once.
    await page.waitForFunction((button) => button === document.activeElement, await more.elementHandle());

    // Choosing the page already open closes the sheet too (no navigation would).
    await page.keyboard.press('Enter');
    await sheet.getByRole('link', { name: 'Cards' }).click();
    await sheet.waitFor({ state: 'hidden' });
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
