import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuttableProxy } from '../server/src/test/cuttable-proxy';
import { startServerProcess } from '../server/src/test/server-process';
import { createTestDatabase } from '../server/src/test/test-app';
import { expectNoSeriousAxeViolations, launchBrowser, newPage } from './browser';
import { startDemoFromLanding, waitForTitle, waitForToast } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const row = (page: Page, id: string) => page.getByTestId(`system-${id}`);

async function openSystemStatus(page: Page) {
  await page.goto('/system-status');
  await waitForTitle(page, 'System Status');
  await row(page, 'database').waitFor();
}

describe('System Status', () => {
  it('shows a customer every system and the counters, says details are for operators, and tests all systems', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await openSystemStatus(page);
    expect(await row(page, 'database').innerText()).toContain('Working normally');
    expect(await row(page, 'cards').innerText()).toContain('Warning');
    for (const counter of ['Working', 'Warnings', 'Missing APIs', 'Errors']) {
      await page.getByText(counter, { exact: true }).first().waitFor();
    }
    // A healthy sandbox is working, its stand-ins named apart: not "44%".
    expect(await page.getByTestId('system-overall').innerText()).toMatch(
      /^Overall: All systems working \(\d+ simulated\)$/,
    );
    await page.getByText(/^Details are for operators/).waitFor();
    // How the bank is set up is for operators: no database, key storage, mail server or job runs here.
    const shown = await page.locator('main').innerText();
    for (const detail of ['SQLite', 'PostgreSQL', 'key file', 'SMTP', 'Stripe Issuing', 'Background jobs']) {
      expect(shown).not.toContain(detail);
    }
    await expectNoSeriousAxeViolations(page, '/system-status');
    await page.getByRole('button', { name: 'Test All Systems' }).click();
    await waitForToast(page, 'System test complete');
    expect(await page.locator('[data-slot="toast-description"]').first().innerText()).toMatch(
      /^All systems working \(\d+ simulated\)$/,
    );
    await page.context().close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('System Status with the database stopped [postgres]', () => {
  it('says the database is down', async () => {
    const database = await createTestDatabase('postgres');
    const proxy = await cuttableProxy(new URL(database.config.DATABASE_URL!));
    // Quiet: the outage makes it log every failed job and session lookup, as it should.
    const server = await startServerProcess({ DATABASE_URL: proxy.url.toString(), LOG_LEVEL: 'fatal' });
    try {
      const page = await newPage(browser, { baseURL: server.url });
      await startDemoFromLanding(page);
      await openSystemStatus(page);
      expect(await row(page, 'database').innerText()).toContain('Working');

      await proxy.cut();
      await page.getByRole('button', { name: 'Test All Systems' }).click();
      await waitForToast(page, 'System test complete');
      const databaseRow = row(page, 'database');
      await databaseRow.getByText('Error', { exact: true }).waitFor();
      expect(await databaseRow.innerText()).toContain('Not working right now');
      await expectNoSeriousAxeViolations(page, '/system-status with the database down');
      await page.context().close();
    } finally {
      await server.kill('SIGKILL');
      await database.drop();
    }
  }, 60_000);
});
