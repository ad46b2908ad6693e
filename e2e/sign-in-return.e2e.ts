import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { logoutViaAvatarMenu, registerViaDialog, signInViaDialog, uniqueEmail, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)(
  'the way back after signing in, and the landing sections (%s)',
  (size, open) => {
    it('a signed-out visit to a page returns to it after signing in, and never to another site', async () => {
      const page = await open(browser);
      const email = uniqueEmail(`return-${size}`);
      await registerViaDialog(page, email);
      await page.request.post('/api/auth/logout');

      await page.goto('/invoices?status=draft');
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') !== null);
      await signInViaDialog(page, email);
      await page.waitForURL((url) => url.pathname === '/invoices');
      expect(new URL(page.url()).search).toBe('?status=draft');
      await waitForTitle(page, 'Invoices');
      // Signing out on purpose is not a page left unfinished: the next sign-in starts at the dashboard.
      await logoutViaAvatarMenu(page);
      expect(new URL(page.url()).search).toBe('');

      // A crafted link cannot send a visitor off the site: it opens the dashboard instead.
      await page.goto('/?next=%2F%2Fevil.example%2Fphish');
      await signInViaDialog(page, email);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.context().close();
    });

    it('reaches every landing section from the header', async () => {
      const page = await open(browser);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (size === 'laptop') {
        await nav.getByRole('link', { name: 'Pricing' }).click();
        await page.waitForURL('**/#pricing');
        expect(await nav.getByRole('button', { name: 'Sections' }).isVisible()).toBe(false);
        await page.context().close();
        return;
      }
      // On a phone the row of links does not fit: a menu button opens them, Esc closes it and focus comes back.
      const menu = nav.getByRole('button', { name: 'Sections' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const pricing = nav.getByRole('link', { name: 'Pricing' });
      await expect
        .poll(() =>
          nav.getByRole('link', { name: 'Solutions' }).evaluate((link) => link === document.activeElement),
        )
        .toBe(true);
      await expectNoSeriousAxeViolations(page, 'landing section menu (phone)');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await pricing.isVisible()).toBe(false);
      await expect.poll(() => menu.evaluate((button) => button === document.activeElement)).toBe(true);
      await menu.click();
      await pricing.click();
      await page.waitForURL('**/#pricing');
      expect(await pricing.isVisible()).toBe(false);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await page.context().close();
    });
  },
);
