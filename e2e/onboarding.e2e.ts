import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage, newPhonePage } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { documentPng } from '../server/src/test/images';
import { openVerificationLink } from './mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Document-like images: the reviewer refuses a blank, single-colour frame.
const png = (background: string) => documentPng(background, 96, 64);

const inYears = (years: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
};

const step = (page: Page, name: string) => page.locator('#kyc-step-title', { hasText: name }).waitFor();

/** How many checks the page shows passed, failed and pending right now. */
const checkCounts = (page: Page) =>
  page.evaluate(() => {
    const statuses = [...document.querySelectorAll('[data-testid^="check-"]')].map((each) =>
      each.getAttribute('data-status'),
    );
    return {
      passed: statuses.filter((status) => status === 'passed').length,
      failed: statuses.filter((status) => status === 'failed').length,
      pending: statuses.filter((status) => status === 'pending').length,
    };
  });

/** Watches the checks until none is pending; says whether it ever saw some done and some still running. */
async function watchChecks(page: Page) {
  let sawProgress = false;
  let counts = { passed: 0, failed: 0, pending: 0 };
  await expect
    .poll(
      async () => {
        counts = await checkCounts(page);
        const total = counts.passed + counts.failed + counts.pending;
        if (counts.pending > 0 && counts.pending < total) sawProgress = true;
        return total > 0 && counts.pending === 0;
      },
      { timeout: 30_000, interval: 100, message: 'The checks did not complete' },
    )
    .toBe(true);
  return { ...counts, sawProgress };
}

/** The preview is there and its picture loaded (a broken image, e.g. one the CSP refused, has no width). */
async function expectImageShown(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

async function submitForVerification(page: Page) {
  await step(page, 'Verification');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await waitForToast(page, 'Application Submitted');
  await page.getByRole('list', { name: 'Verification checks' }).waitFor();
}

describe('Identity verification', () => {
  it.each([
    ['desktop', () => newPage(browser, { viewport: { width: 1366, height: 800 } })],
    ['phone', () => newPhonePage(browser)],
  ] as const)('resumes at the step reached after a reload (%s)', async (_, open) => {
    const page = await open();
    const email = uniqueEmail('kyc-resume');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await page.goto('/onboarding');
    await step(page, 'Personal');
    const personal = page.getByRole('form', { name: 'Personal information' });
    await personal.getByLabel('Phone').fill('+44 20 7946 0000');
    await personal.getByLabel('Date of birth').fill(inYears(-17));
    await personal.getByText('You must be at least 18 years old').waitFor();
    await personal.getByLabel('Date of birth').fill('1990-05-17');
    await personal.getByLabel('Nationality').selectOption('GB');
    await personal.getByLabel('Address').fill('12 St James Square');
    await personal.getByLabel('City').fill('London');
    await personal.getByLabel('Postal code').fill('SW1Y 4JH');
    await personal.getByLabel('Country of residence').selectOption('GB');
    await personal.getByLabel('Occupation').fill('Designer');
    await personal.getByLabel('Monthly income (USD)').fill('4500');
    await personal.getByRole('button', { name: 'Continue' }).click();
    await step(page, 'Documents');

    await page.reload();
    await waitForTitle(page, 'Identity Verification');
    await step(page, 'Documents');
    await expectNoSeriousAxeViolations(page, 'onboarding: documents after a reload');
    await page.context().close();
  });

  it('goes through the wizard on a phone: rejected for a name that differs, fixed, approved', async () => {
    const page = await newPhonePage(browser);
    const email = uniqueEmail('kyc');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);

    // The dashboard offers verification to an unverified account.
    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    const cta = page.getByRole('heading', { name: 'Verify your identity' });
    await cta.waitFor();
    await page.getByRole('link', { name: 'Verify now' }).click();
    await page.waitForURL('**/onboarding');
    await waitForTitle(page, 'Identity Verification');

    // Personal: the profile's name and email are filled in; the rest is required.
    await step(page, 'Personal');
    await expect(
      page.getByRole('progressbar', { name: 'Verification progress' }).getAttribute('aria-valuenow'),
    ).resolves.toBe('20');
    const personal = page.getByRole('form', { name: 'Personal information' });
    await expect(personal.getByLabel('First name').inputValue()).resolves.toBe('Robin');
    await expect(personal.getByLabel('Email').inputValue()).resolves.toBe(email);
    await expectNoSeriousAxeViolations(page, 'onboarding: personal');
    await personal.getByRole('button', { name: 'Continue' }).click();
    await waitForToast(page, 'Missing Information');
    await personal.getByLabel('Phone').fill('+44 20 7946 0000');
    // The reviewer's age rule is checked at the field, before anything is sent.
    await personal.getByLabel('Date of birth').fill(inYears(-17));
    await personal.getByText('You must be at least 18 years old').waitFor();
    await personal.getByLabel('Date of birth').fill('1990-05-17');
    expect(await personal.getByText('You must be at least 18 years old').count()).toBe(0);
    // A name that is not the profile's: the background review refuses it.
    await personal.getByLabel('First name').fill('Robyn');
    await personal.getByLabel('Nationality').selectOption('GB');
    await personal.getByLabel('Address').fill('12 St James Square');
    await personal.getByLabel('City').fill('London');
    await personal.getByLabel('Postal code').fill('SW1Y 4JH');
    await personal.getByLabel('Country of residence').selectOption('GB');
    await personal.getByLabel('Occupation').fill('Designer');
    await personal.getByLabel('Monthly income (USD)').fill('4500');
    await personal.getByRole('button', { name: 'Continue' }).click();

    // Documents: an expired license first, with its three images picked from generated PNGs.
    await step(page, 'Documents');
    const documents = page.getByRole('form', { name: 'Identity document' });
    await documents.getByLabel('Document type').selectOption('license');
    await documents.getByLabel('Document number').fill('REYES901175RR9');
    // So is the expiry rule: an expired document is named at its field.
    await documents.getByLabel('Expiry date').fill(inYears(-1));
    await documents.getByText(/The driver's license expired on/).waitFor();
    await documents.getByLabel('Expiry date').fill(inYears(4));
    await documents.getByRole('button', { name: 'Continue' }).click();
    await waitForToast(page, 'Missing Documents');
    for (const [side, colour] of [
      ['front', '#345'],
      ['back', '#543'],
      ['selfie', '#454'],
    ] as const) {
      await page.setInputFiles(`#kyc-image-${side}`, {
        name: `${side}.png`,
        mimeType: 'image/png',
        buffer: await png(colour),
      });
    }
    await expectImageShown(page, 'Front of the document preview');
    await expectImageShown(page, 'Selfie holding the document preview');
    await expectNoSeriousAxeViolations(page, 'onboarding: documents');
    await documents.getByRole('button', { name: 'Continue' }).click();

    // Verification: submitted, the checks appear as the reviewer completes them; the name fails.
    await step(page, 'Verification');
    await expectNoSeriousAxeViolations(page, 'onboarding: verification (before submitting)');
    await submitForVerification(page);
    const first = await watchChecks(page);
    expect(first).toMatchObject({ passed: 6, failed: 1, sawProgress: true });

    // Review: the reason, and the way to fix it.
    await step(page, 'Review');
    await page.getByTestId('check-name_match').and(page.locator('[data-status="failed"]')).waitFor();
    await expectNoSeriousAxeViolations(page, 'onboarding: review (rejected)');
    // From here on in dark mode (the app follows the system's): the rest of the wizard is checked in both.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expectNoSeriousAxeViolations(page, 'onboarding: review (rejected, dark)');
    await page.getByRole('button', { name: 'Fix and resubmit' }).click();
    await step(page, 'Personal');
    await page.getByLabel('First name').fill('Robin');
    await page.getByRole('button', { name: 'Continue' }).click();
    await step(page, 'Documents');
    // The images already uploaded show as thumbnails served by the API: nothing to pick again.
    await expectImageShown(page, 'Back of the document preview');
    await page.getByRole('button', { name: 'Back', exact: true }).waitFor();
    await page
      .getByRole('form', { name: 'Identity document' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await submitForVerification(page);
    expect(await watchChecks(page)).toMatchObject({ passed: 7, failed: 0 });

    // Approved: review, complete, and back to a dashboard that no longer asks.
    await step(page, 'Review');
    await page.getByText('Approved: every check passed.').waitFor();
    // Approved is final: no Back to a step that no longer applies.
    expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'onboarding: review (approved, dark)');
    await page.getByRole('button', { name: 'Continue' }).click();
    await step(page, 'Complete');
    await page.getByText('You can now send, convert and trade up to $50,000.00 a month.').waitFor();
    await expectNoSeriousAxeViolations(page, 'onboarding: complete (dark)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await waitForTitle(page, 'Dashboard');
    await page.getByText('Total Portfolio').first().waitFor();
    expect(await cta.count()).toBe(0);

    // The profile shows the level and the new limit.
    await page.goto('/profile');
    await waitForTitle(page, 'Profile');
    await page.getByText('Identity verified').waitFor();
    await page.getByTestId('account-limits').getByText('$0.00 of $50,000.00 used').waitFor();
    await page.context().close();
  }, 120_000);
});
