import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../contract/src/dates';
import {
  MAX_PAYMENT_SCHEDULES,
  PAYMENT_SCHEDULES_PAGE_DEFAULT,
  paymentDate,
} from '../contract/src/payment-schedules';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser, newPage } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { openVerificationLink } from './mail';
import { depositViaApi, openHistory } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A verified Meridian account to be paid: the run then completes at once instead of being held. */
async function verifiedRecipient(size: string): Promise<string> {
  const page = await newPage(browser);
  const email = uniqueEmail(`landlord-${size}`);
  await registerViaDialog(page, email);
  await openVerificationLink(page, email);
  await page.context().close();
  return email;
}

/**
 * The job pays on its own (every second in the browser tests' server); the list asks again only every minute,
 * so the test reloads until the row shows what the job did.
 */
async function reloadUntil(page: Page, row: () => Locator, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole('list', { name: 'Scheduled payments' }).waitFor();
        return row().innerText();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toContain(text);
}

describe.each(laptopAndPhone)('scheduled payments (%s)', (size, open) => {
  it('shows every schedule, a page at a time, with Show more', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`many-${size}`));
    // A month out, so the job has nothing to pay while the test looks.
    const firstDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const schedule = async (n: number) => {
      const response = await page.request.post('/api/payment-schedules', {
        data: {
          amount: `${n + 1}.00`,
          fromCurrency: 'USD',
          recipientEmail: 'landlord@example.com',
          description: `Instalment ${n + 1}`,
          cadence: 'month',
          firstDate,
        },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      if (!response.ok()) throw new Error(`schedule failed: ${response.status()} ${await response.text()}`);
      return (await response.json()) as { id: string };
    };
    // As many as may still pay, one cancelled (it stays in the list as history), then one more.
    const made = [];
    for (let n = 0; n < MAX_PAYMENT_SCHEDULES; n++) made.push(await schedule(n));
    expect((await page.request.delete(`/api/payment-schedules/${made[0]!.id}`)).ok()).toBe(true);
    await schedule(MAX_PAYMENT_SCHEDULES);

    await page.goto('/transfer/scheduled');
    await waitForTitle(page, 'Scheduled Payments');
    const rows = page.getByTestId('payment-schedule-row');
    const more = page.getByRole('button', { name: 'Show more scheduled payments' });
    await more.waitFor();
    expect(await rows.count()).toBe(PAYMENT_SCHEDULES_PAGE_DEFAULT);
    await expectNoSeriousAxeViolations(page, `a first page of scheduled payments (${size})`);
    await more.click();
    await expect.poll(() => rows.count()).toBe(MAX_PAYMENT_SCHEDULES + 1);
    expect(await more.count()).toBe(0);
    // The oldest, cancelled, comes last.
    expect(await rows.last().innerText()).toContain('Instalment 1 ·');
    expect(await rows.last().getByTestId('payment-schedule-status').innerText()).toBe('Cancelled');
    await page.context().close();
  });

  it('schedules a monthly payment from today, sees it paid, pauses, resumes and cancels it', async () => {
    const landlord = await verifiedRecipient(size);
    const page = await open(browser);
    const email = uniqueEmail(`tenant-${size}`);
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await depositViaApi(page, 'USD', '500.00');

    await page.goto('/transfer');
    await waitForTitle(page, 'Send Money');
    await page
      .getByRole('navigation', { name: 'Send Money' })
      .getByRole('link', { name: 'Scheduled' })
      .click();
    await page.waitForURL('**/transfer/scheduled');
    await waitForTitle(page, 'Scheduled Payments');
    expect(await page.title()).toBe('Scheduled Payments · Meridian');
    await page.getByText('No scheduled payments yet').waitFor();
    await expectNoSeriousAxeViolations(page, `no scheduled payments (${size})`);

    await page.getByRole('button', { name: 'Schedule a payment' }).click();
    const form = page.getByRole('form', { name: 'Schedule a payment' });
    await form.waitFor();
    // Submitting empty names what is missing, from the contract's own checks.
    await form.getByRole('button', { name: 'Schedule payment' }).click();
    await form.getByText('Choose who to pay').waitFor();
    await form.getByText('Enter an amount').waitFor();
    await waitForToast(page, 'Missing Information');

    const today = new Date().toISOString().slice(0, 10);
    await form.getByLabel('From wallet').selectOption('USD');
    await form.getByLabel('Amount').fill('100');
    await form.getByLabel('Recipient email').fill(landlord);
    await form.getByLabel('Description').fill('Studio rent');
    await form.getByLabel('Repeats').selectOption('month');
    expect(await form.getByLabel('First payment on').inputValue()).toBe(today);
    await expectNoSeriousAxeViolations(page, `schedule form (${size})`);
    await form.getByRole('button', { name: 'Schedule payment' }).click();
    await waitForToast(page, 'Payment scheduled');

    const row = () => page.getByTestId('payment-schedule-row').filter({ hasText: 'Studio rent' });
    await row().getByTestId('payment-schedule-status').filter({ hasText: 'Active' }).waitFor();
    expect(await row().getByTestId('schedule-amount').innerText()).toBe('$100.00');

    // The job pays today's run; the next date moves a month on.
    await reloadUntil(page, row, `Last payment, ${formatDay(today, 'short')}: Paid`);
    const next = paymentDate(today, 'month', 1)!;
    await row()
      .getByText(`Next ${formatDay(next, 'short')}`)
      .waitFor();
    await row()
      .getByRole('button', { name: /^Payments of / })
      .click();
    const run = row().getByTestId('schedule-run').first();
    await run.getByText('Paid').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousAxeViolations(page, `scheduled payments (${size})`);

    await row()
      .getByRole('button', { name: /^Pause / })
      .click();
    await row().getByTestId('payment-schedule-status').filter({ hasText: 'Paused' }).waitFor();
    await row()
      .getByRole('button', { name: /^Resume / })
      .click();
    await row().getByTestId('payment-schedule-status').filter({ hasText: 'Active' }).waitFor();

    // An edit changes what the runs to come pay; what the schedule is (kind, wallet, dates) stays.
    await row()
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = page.getByRole('form', { name: 'Edit scheduled payment' });
    expect(await edit.getByLabel('Amount').inputValue()).toBe('100.00');
    expect(await edit.getByLabel('From wallet').isDisabled()).toBe(true);
    await edit.getByLabel('Amount').fill('120');
    await expectNoSeriousAxeViolations(page, `edit form (${size})`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Scheduled payment saved');
    await expect.poll(() => row().getByTestId('schedule-amount').innerText()).toBe('$120.00');

    await row()
      .getByRole('button', { name: /^Cancel / })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this scheduled payment?' });
    await confirm.waitFor();
    await expectNoSeriousAxeViolations(page, `cancel confirmation (${size})`);
    await confirm.getByRole('button', { name: 'Cancel schedule' }).click();
    await row().getByTestId('payment-schedule-status').filter({ hasText: 'Cancelled' }).waitFor();
    await row().getByText('No more payments').waitFor();
    expect(
      await row()
        .getByRole('button', { name: /^Pause / })
        .count(),
    ).toBe(0);

    // The run was an ordinary transfer: the history shows it once, amount and fee out of the wallet.
    const outgoing = await openHistory(page, 'Outgoing');
    const sent = outgoing.getByTestId('history-row').filter({ hasText: 'Studio rent' });
    expect(await sent.count()).toBe(1);
    // The phone's row leaves the currency code out.
    expect(await sent.getByTestId('history-amount').innerText()).toMatch(/^−\$100\.00(\s*USD)?$/);
    await page.context().close();
  });

  it('says plainly when a payment the wallet cannot cover needs its owner, and pays on Resume', async () => {
    const landlord = await verifiedRecipient(`${size}-short`);
    const page = await open(browser);
    const email = uniqueEmail(`short-${size}`);
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await depositViaApi(page, 'USD', '50.00');

    // Filled in on the send form, then scheduled instead: the schedule form opens with the same fields.
    await page.goto('/transfer');
    await waitForTitle(page, 'Send Money');
    const send = page.getByRole('form', { name: 'Send money' });
    await send.getByLabel('Amount').fill('200');
    await send.getByLabel('Recipient email').fill(landlord);
    await send.getByLabel('Description').fill('Quarterly tax');
    await send.getByRole('link', { name: 'Schedule this instead' }).click();
    await page.waitForURL('**/transfer/scheduled');
    const form = page.getByRole('form', { name: 'Schedule a payment' });
    await form.waitFor();
    expect(await form.getByLabel('Amount').inputValue()).toBe('200');
    expect(await form.getByLabel('Recipient email').inputValue()).toBe(landlord);
    expect(await form.getByLabel('Description').inputValue()).toBe('Quarterly tax');
    expect(await form.getByLabel('From wallet').inputValue()).toBe('USD');
    await form.getByLabel('Repeats').selectOption('quarter');
    await form.getByRole('button', { name: 'Schedule payment' }).click();
    await waitForToast(page, 'Payment scheduled');

    const row = () => page.getByTestId('payment-schedule-row').filter({ hasText: 'Quarterly tax' });
    await reloadUntil(page, row, 'This payment needs you.');
    await row().getByTestId('payment-schedule-status').filter({ hasText: 'Needs you' }).waitFor();
    const waiting = await row().getByTestId('schedule-waiting').innerText();
    expect(waiting).toContain('Add money to your USD wallet, then Resume to try again.');
    await expectNoSeriousAxeViolations(page, `a payment that needs its owner (${size})`);

    await depositViaApi(page, 'USD', '500.00');
    await row()
      .getByRole('button', { name: /^Resume / })
      .click();
    await waitForToast(page, 'Scheduled payment resumed');
    const today = new Date().toISOString().slice(0, 10);
    await reloadUntil(page, row, `Last payment, ${formatDay(today, 'short')}: Paid`);
    await row().getByTestId('payment-schedule-status').filter({ hasText: 'Active' }).waitFor();
    await page.context().close();
  });
});
