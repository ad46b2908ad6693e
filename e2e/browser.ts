import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** Headless Chromium with the flags this machine needs (no sandbox as root, no background network chatter). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (own cookies and storage) and a page on it; axe needs pages from newContext(). */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  const page = await context.newPage();
  // An uncaught exception in the app is a bug even when the test's own checks pass; the axe check reports it.
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

const pageErrors = new WeakMap<Page, string[]>();

/** A page as a phone shows it: touch, mobile viewport, 390 px wide unless a test checks a narrower one. */
export function newPhonePage(
  browser: Browser,
  width: 360 | 390 = 390,
  options: BrowserContextOptions = {},
): Promise<Page> {
  return newPage(browser, {
    viewport: { width, height: width === 360 ? 780 : 844 },
    isMobile: true,
    hasTouch: true,
    ...options,
  });
}

/**
 * The two sizes a screen is checked at: a laptop (1366×800) and a phone (390×844). `describe.each(laptopAndPhone)`
 * hands each suite the size's name (plain ASCII, so it can go into an email address) and a way to open a page
 * (`options` for another server's `baseURL`, say).
 */
export const laptopAndPhone = [
  [
    'laptop',
    (browser: Browser, options: BrowserContextOptions = {}) =>
      newPage(browser, { viewport: { width: 1366, height: 800 }, ...options }),
  ],
  ['phone', (browser: Browser, options: BrowserContextOptions = {}) => newPhonePage(browser, 390, options)],
] as const;

/** Fails on any serious or critical accessibility violation, listing each readably. */
export async function expectNoSeriousAxeViolations(page: Page, where = page.url()) {
  const errors = pageErrors.get(page) ?? [];
  if (errors.length > 0)
    throw new Error(`Uncaught errors in the page at ${where}:\n  ${errors.join('\n  ')}`);
  await waitForSettledAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length === 0) return;
  const report = serious
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`,
        )
        .join('\n');
      return `  [${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}`;
    })
    .join('\n');
  throw new Error(`Accessibility violations on ${where}:\n${report}`);
}

/**
 * A theme switch fades colours (transition-colors), a dialog and a toast fade in (animate-in): axe must judge
 * the settled colours, not a frame halfway through. Settled means no finite animation running, still true two
 * frames later (a toast raised with what the test waited for can mount a frame after it), and no toast waiting
 * for its lazily loaded chunk (it mounts, fading in, whenever the chunk arrives). Endless animations
 * (spinners, skeleton pulses) never settle and are left out.
 */
async function waitForSettledAnimations(page: Page) {
  const settledForTwoFrames = () =>
    new Promise<boolean>((resolve) => {
      const settled = () =>
        !document.querySelector('[data-slot="toaster-loading"]') &&
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          );
      // Not settled: ask again a frame later, rather than spin on round trips to the page.
      if (!settled()) return requestAnimationFrame(() => resolve(false));
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(settled())));
    });
  await expect
    .poll(() => page.evaluate(settledForTwoFrames), {
      timeout: 10_000,
      interval: 0,
      message: 'Animations still running after 10 s: axe would judge a frame',
    })
    .toBe(true);
}
