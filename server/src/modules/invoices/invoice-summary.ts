import type { Currency } from '@contract/currencies';
import { paidShareMinor } from '@contract/invoice-math';
import { Money } from '@contract/money';
import type { InvoiceSummary } from '@contract/invoices';
import type { InvoicesDeps } from './invoice-context';
import { ownerOf } from './invoice-owners';
import { stampInHomeCurrency } from './home-stamp';
import * as repo from './invoices.repository';

/**
 * The dashboard's figures: how many invoices in each status, and their sums in the owner's home currency.
 * Revenue is every payment received (a partly paid invoice's payments too); pending and overdue are what is
 * still to come, at the issue-time value.
 */
export async function invoiceSummary(deps: InvoicesDeps, userId: string): Promise<InvoiceSummary> {
  const { db, rates } = deps;
  const user = await ownerOf(db, userId);
  const home = user.home_currency;
  const sums = { paid: 0n, sent: 0n, overdue: 0n };
  const counts = { total: 0, draft: 0, sent: 0, partially_paid: 0, paid: 0, overdue: 0 };
  for (const row of await repo.summaryRows(db, userId)) {
    const count = Number(row.count);
    counts[row.status] += count;
    counts.total += count;
    if (row.status === 'draft' || row.home_total === null) continue;
    // Stamped in a home currency the user has since changed: valued in today's at the current rate.
    const stamped = Money.of(BigInt(row.home_total), row.home_currency);
    const value = (await stampInHomeCurrency(rates, stamped, home)).homeAmount;
    // A partly paid invoice is still pending: counted at its issue-time stamp, as a sent one.
    sums[row.status === 'partially_paid' ? 'sent' : row.status] += value;
  }
  // What came in on invoices still open is revenue, and no longer pending: its share of the issue-time value
  // (contract paidShareMinor) moves out of pending or overdue, and the payments' own home value into revenue.
  const inHome = async (minor: bigint, currency: Currency) =>
    (await stampInHomeCurrency(rates, Money.of(minor, currency), home)).homeAmount;
  for (const row of await repo.partlyPaidRows(db, userId)) {
    if (row.issue_home_amount === null || row.paid_home_amount === null) continue;
    const share = paidShareMinor(
      BigInt(row.issue_home_amount),
      BigInt(row.paid_amount),
      BigInt(row.total_amount),
    );
    const pendingKey = row.status === 'overdue' ? 'overdue' : 'sent';
    sums[pendingKey] -= await inHome(share, row.home_currency);
    sums.paid += await inHome(BigInt(row.paid_home_amount), row.home_currency);
  }
  const format = (minor: bigint) => Money.of(minor, home).format();
  return {
    currency: home,
    totalRevenue: format(sums.paid),
    pending: format(sums.sent),
    overdue: format(sums.overdue),
    counts,
  };
}
