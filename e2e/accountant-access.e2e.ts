import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { linkIn } from '../server/src/test/smtp';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { PASSWORD, registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { openVerificationLink, waitForMail } from './mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('accountant access (%s)', (size, open) => {
  it('invites an accountant, who reads the books read-only until the owner revokes', async () => {
    const owner = await open(browser);
    const ownerEmail = uniqueEmail(`owner-${size}`);
    await registerViaDialog(owner, ownerEmail);
    await openVerificationLink(owner, ownerEmail);

    // The owner invites from the profile.
    const accountantEmail = uniqueEmail(`accountant-${size}`);
    await owner.goto('/profile');
    await waitForTitle(owner, 'Profile');
    await owner.getByText('Nobody else can read your books.').waitFor();
    await owner.getByLabel("Accountant's email").fill(accountantEmail);
    await owner.locator('#accountant-password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Send invite' }).click();
    await waitForToast(owner, 'Invite sent');
    await owner
      .getByRole('list', { name: 'Accountant access' })
      .getByText('Invited', { exact: true })
      .waitFor();
    await expectNoSeriousAxeViolations(owner, `profile, accountant invited (${size})`);

    // The accountant has their own account with the invited address, and opens the mailed link.
    const accountant = await open(browser);
    await registerViaDialog(accountant, accountantEmail);
    await openVerificationLink(accountant, accountantEmail);
    const invite = await waitForMail(accountantEmail, /invited to read/);
    await accountant.goto(linkIn(invite));
    await accountant.getByRole('button', { name: 'Accept the invite' }).waitFor();
    await expectNoSeriousAxeViolations(accountant, `accountant invite (${size})`);
    await accountant.getByRole('button', { name: 'Accept the invite' }).click();
    await accountant.waitForURL('**/books/overview');
    await waitForTitle(accountant, 'Books Overview');

    // Read-only, naming whose books; a navigation of what may be read; the owner's wallets.
    const bar = accountant.getByTestId('books-bar');
    await bar.getByText('Read-only: you are reading the books of Robin Reyes').waitFor();
    await bar.getByText(ownerEmail).waitFor();
    await accountant
      .getByRole('list', { name: 'Wallets' })
      .getByText('USD', { exact: true })
      .first()
      .waitFor();
    const nav = accountant.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    await nav.getByRole('link', { name: 'History' }).waitFor();
    if ((await nav.getByRole('link', { name: 'Send' }).count()) !== 0) throw new Error('Send is in the nav');
    if ((await nav.getByRole('link', { name: 'Cards' }).count()) !== 0)
      throw new Error('Cards is in the nav');
    await expectNoSeriousAxeViolations(accountant, `books overview (${size})`);
    await nav.getByRole('link', { name: 'History' }).click();
    await waitForTitle(accountant, 'Transaction History');
    await expectNoSeriousAxeViolations(accountant, `books history (${size})`);
    // Categories and rules are listed, not offered for change: they are the owner's.
    await accountant.goto('/books/categories');
    await accountant.getByText('No rules yet.').waitFor();
    for (const name of ['Add rule', 'Add category']) {
      if ((await accountant.getByRole('button', { name }).count()) !== 0) throw new Error(`${name} is shown`);
    }

    // The owner sees it used, and revokes it.
    await owner.reload();
    const row = owner.getByRole('list', { name: 'Accountant access' }).getByRole('listitem');
    await row.getByText('Has access', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Revoke access of ${accountantEmail}` }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await owner.getByText('Nobody else can read your books.').waitFor();

    // From then on the accountant is back in their own books.
    await accountant.goto('/dashboard');
    await waitForTitle(accountant, 'Dashboard');
    await accountant.getByTestId('books-bar').waitFor({ state: 'detached' });
    // Two people, two accounts, two verifications and a mailed invite: longer than one person's walk.
  }, 240_000);
});
