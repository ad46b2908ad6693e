import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { openVerificationLink } from './mail';
import { depositViaApi, sentInvoice } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

describe.each(laptopAndPhone)('cash-flow forecast (%s)', (size, open) => {
  it('shows the forecast, opens the day an invoice is expected, and warns under a floor', async () => {
    const page = await open(browser);
    const email = uniqueEmail(`forecast-${size}`);
    await registerViaDialog(page, email);
    // Invoices go out only from a confirmed address.
    await openVerificationLink(page, email);
    await depositViaApi(page, 'USD', '500.00');
    const invoice = await sentInvoice(page, '1200.00', {});
    const detail = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as {
      dueDate: string;
    };

    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    const card = page.getByRole('region', { name: 'Cash-flow forecast' });
    await card.scrollIntoViewIfNeeded();
    await card.getByText('not a promise', { exact: false }).waitFor();
    expect(await card.getByTestId('forecast-rates').innerText()).toMatch(
      /^Other currencies at today's rate \(as of .+\)\.$/,
    );
    // The chart loads once scrolled to: the expected line and the best/worst band.
    await card.locator('[data-testid="forecast-chart"] .recharts-line').waitFor();
    expect(await card.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
    await expectNoSeriousAxeViolations(page, `dashboard, forecast (${size})`);

    // A new client's invoice is expected on its due date: that day is in the list, and opens to the item.
    const days = card.getByRole('region', { name: 'Days with money expected to move' });
    const invoiceDay = days.getByRole('button', {
      name: new RegExp(`^${dayLabel.format(new Date(`${detail.dueDate}T00:00:00Z`))}`),
    });
    await invoiceDay.click();
    expect(await invoiceDay.getAttribute('aria-pressed')).toBe('true');
    const opened = card.getByTestId('forecast-day');
    await opened.getByText(invoice.invoiceNumber, { exact: false }).waitFor();
    await opened.getByText('+$1,200.00').waitFor();
    await expectNoSeriousAxeViolations(page, `dashboard, a forecast day opened (${size})`);

    // Thirty days end before a due date thirty days out: the day leaves the list.
    await card.getByRole('button', { name: '30 days' }).click();
    await card.getByTestId('forecast-nothing').waitFor();
    await card.getByRole('button', { name: '90 days' }).click();
    await invoiceDay.waitFor();

    // A floor above today's balance: the warning names the day (today) and the cause.
    await card.getByRole('button', { name: 'Floors' }).click();
    const floors = page.getByRole('dialog', { name: 'Balance floors' });
    await floors.getByLabel('Floor (USD)').fill('0');
    await floors.getByRole('button', { name: 'Save floor' }).click();
    await floors.getByText('Enter an amount greater than 0').waitFor();
    await floors.getByLabel('Floor (USD)').fill('1000');
    await expectNoSeriousAxeViolations(page, `dashboard, floors popover (${size})`);
    await floors.getByRole('button', { name: 'Save floor' }).click();
    await waitForToast(page, 'Floor saved');
    const warnings = card.getByTestId('forecast-warnings');
    const today = dayLabel.format(new Date());
    await warnings
      .getByText(`USD would go below its floor of $1,000.00 on ${today}: Today's balance`, { exact: false })
      .waitFor();

    // Dark from the system (the phone's header has no theme switch): the page follows it live.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expectNoSeriousAxeViolations(page, `dashboard, forecast warning, dark (${size})`);

    // The floor comes off again, and the warning with it.
    await card.getByRole('button', { name: 'Floors' }).click();
    await floors.getByRole('button', { name: 'Remove floor' }).click();
    await waitForToast(page, 'Floor removed');
    await warnings.waitFor({ state: 'detached' });

    // The item links to its invoice, opened on the Invoices page.
    await invoiceDay.click();
    await opened.getByRole('link', { name: new RegExp(invoice.invoiceNumber) }).click();
    await waitForTitle(page, 'Invoices & Billing');
    await page.getByRole('dialog').getByText(invoice.invoiceNumber, { exact: false }).first().waitFor();
    // Sign-up, a chart, a popover and five axe runs: more than the default minute on a busy machine.
  }, 180_000);
});
