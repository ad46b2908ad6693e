import { createServer, connect, type Socket } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('shows every integration, the counters and what production needs, and tests all systems', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await openSystemStatus(page);
    expect(await row(page, 'database').innerText()).toContain('Working');
    expect(await row(page, 'cards').innerText()).toContain('Missing');
    expect(await page.getByRole('list', { name: 'Required production APIs' }).innerText()).toContain(
      'Stripe Issuing',
    );
    await expectNoSeriousAxeViolations(page, '/system-status');
    await page.getByRole('button', { name: 'Test All Systems' }).click();
    await waitForToast(page, 'System test complete');
    expect(await page.locator('[data-slot="toast-description"]').first().innerText()).toMatch(
      /^\d+\/9 systems operational$/,
    );
    await page.context().close();
  });
});

/** A TCP proxy to PostgreSQL that the test cuts: a database outage as the app sees it. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => [client, upstream].forEach((socket) => socket.destroy());
    client.on('error', drop);
    upstream.on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('System Status with the database stopped [postgres]', () => {
  it('says the database is down', async () => {
    const database = await createTestDatabase('postgres');
    const target = new URL(database.config.DATABASE_URL!);
    const proxy = await cuttableProxy(target);
    const throughProxy = new URL(target);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    // Quiet: the outage makes it log every failed job and session lookup, as it should.
    const server = await startServerProcess({ DATABASE_URL: throughProxy.toString(), LOG_LEVEL: 'fatal' });
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
      expect(await databaseRow.innerText()).toContain('Cannot reach the database');
      await expectNoSeriousAxeViolations(page, '/system-status with the database down');
      await page.context().close();
    } finally {
      await server.kill('SIGKILL');
      await database.drop();
    }
  }, 60_000);
});
