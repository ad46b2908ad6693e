import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('landing page', () => {
  it('has a robots.txt of its own (not the app page) that keeps crawlers out of the API', async () => {
    const response = await fetch(`${baseUrl()}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n');
  });

  it('shows the sections, anchors, plans and marketing figures of the spec', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toContain('Meridian');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, anchor] of [
      ['Solutions', '#solutions'],
      ['Pricing', '#pricing'],
      ['Security', '#security'],
    ]) {
      expect(await nav.getByRole('link', { name: label }).getAttribute('href')).toBe(anchor);
      expect(await page.locator(anchor!).count()).toBe(1);
    }
    const text = await page.locator('body').innerText();
    for (const phrase of [
      'Virtual and physical cards',
      'Multi-currency wallets',
      'Instant payments',
      'Business intelligence',
      'Professional invoicing',
      'Starter',
      'Free',
      '1 virtual card',
      '5 transactions per month',
      'Professional',
      '$29',
      'per month',
      'API access',
      'Enterprise',
      'Custom',
      'Contact Sales',
      '+8.2%',
      '+12.5%',
      '50,000+',
      '40+',
      '30-day',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    await expectNoSeriousAxeViolations(page, 'landing (light)');
    await page.context().close();
  });

  it('carries the hero email into the create-account dialog, and every pricing button opens the dialog', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByLabel('Email address').fill('hero@example.com');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe('hero@example.com');
    expect(await dialog.innerText()).toContain('At least 12 characters');
    await expectNoSeriousAxeViolations(page, 'landing with the dialog open');

    // Too short a password is refused before any request, with the hint turned into an error.
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await dialog.getByText('Password must be at least 12 characters').waitFor();

    await dialog.getByRole('tab', { name: 'Sign in' }).click();
    await dialog.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const pricing = page.locator('#pricing');
    for (const name of ['Get Started', 'Start Free Trial', 'Contact Sales']) {
      await pricing.getByRole('button', { name }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await page.context().close();
  });

  it('follows the system theme, switches with the toggle and remembers the choice', async () => {
    const page = await newPage(browser, { colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'landing (dark, from the system)');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await isDark()).toBe(false);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await isDark()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('meridian-theme'))).toBe('light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'landing (dark, chosen)');
    await page.context().close();
  });

  it('"Explore the demo" signs in to a demo account and lands on the dashboard', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.title()).toBe('Dashboard · Meridian');
    await page.context().close();
  });

  it('the dialog offers the demo too', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign In', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Explore the demo' }).click();
    await page.waitForURL('**/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page.context().close();
  });
});
