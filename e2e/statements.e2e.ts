import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, startDemoFromLanding, uniqueEmail, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('statements (%s)', (size, open) => {
  it('lists months × wallets with downloads and digests, and checks the chain', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    await page.goto('/books/statements');
    await waitForTitle(page, 'Statements');
    const months = page.getByTestId('statement-month');
    await months.first().waitFor();
    // The demo's history goes back two months: the month under way, then closed ones.
    expect(await months.count()).toBeGreaterThanOrEqual(3);
    await months.first().getByText('So far', { exact: true }).waitFor();
    const closed = months.nth(1);
    await closed.getByText('Closed', { exact: true }).waitFor();
    const usd = closed.getByTestId('wallet-statement').filter({ hasText: 'USD wallet' });
    await usd.getByText(/^Digest [0-9a-f]{64}/).waitFor();
    await expectNoSeriousAxeViolations(page, `statements (${size})`);

    // Each format downloads, from the same links the page shows.
    for (const format of ['PDF', 'CSV', 'OFX', 'CAMT.053']) {
      const link = usd.getByRole('link', {
        name: new RegExp(`^Download ${format.replace('.', '\\.')}, USD`),
      });
      const href = await link.getAttribute('href');
      const response = await page.request.get(href!);
      expect(response.status(), format).toBe(200);
      expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="meridian-statement-/);
    }
    // A crypto wallet has no CAMT.053 link (ISO 20022 has no amount for it).
    const btc = closed.getByTestId('wallet-statement').filter({ hasText: 'BTC wallet' });
    if ((await btc.count()) > 0) expect(await btc.getByRole('link', { name: /CAMT/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Check the chain' }).click();
    await page.getByText('The chain holds').waitFor();
    await page.getByText(/closed statements? match the ledger/).waitFor();
    await expectNoSeriousAxeViolations(page, `statements, chain checked (${size})`);
  });

  it('a new account: the month so far, nothing sealed yet', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`statements-${size}`));
    await page.goto('/books/statements');
    await waitForTitle(page, 'Statements');
    await page.getByTestId('statement-month').first().waitFor();
    expect(await page.getByTestId('statement-month').count()).toBe(1);
    await page.getByText('Not sealed yet: the digest is made when the month ends.').first().waitFor();
    await page.getByRole('button', { name: 'Check the chain' }).click();
    await page.getByText('No month has closed yet, so there is nothing to check.').waitFor();
    await expectNoSeriousAxeViolations(page, `statements, new account (${size})`);
  });
});
