import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { linkIn, type ReceivedMail } from '../server/src/test/smtp';

/** Every message the test mail server has received so far, oldest first. */
function allMail(): ReceivedMail[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .sort((a, b) => parseInt(a) - parseInt(b))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
}

/** How many messages to `address` whose subject matches have arrived so far. */
export const countMail = (address: string, subject: RegExp) =>
  allMail().filter((item) => item.to.includes(address.toLowerCase()) && subject.test(item.subject)).length;

/** The newest message to `address` whose subject matches, waiting for it to arrive. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 15_000) {
  const newest = () =>
    allMail()
      .reverse()
      .find((item) => item.to.includes(address.toLowerCase()) && subject.test(item.subject));
  await expect
    .poll(newest, { timeout: timeoutMs, interval: 100, message: `No mail to ${address} matching ${subject}` })
    .toBeDefined();
  return newest()!;
}

/** Opens the link of the newest verification mail to `address` in `page`, and waits for the outcome. */
export async function openVerificationLink(page: Page, address: string) {
  const mail = await waitForMail(address, /Confirm your email address/);
  await page.goto(linkIn(mail));
  await page.getByText(/Your email address is verified|We could not verify this link/).waitFor();
}
