import { Money } from '@contract/money';
import type { InvoiceSummary } from '@contract/invoices';
import type { InvoicesDeps } from './invoice-context';
import { ownerOf } from './invoice-owners';
import { stampInHomeCurrency } from './home-stamp';
import * as repo from './invoices.repository';

/** The dashboard's figures: how many invoices in each status, and their sums in the owner's home currency. */
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
  const format = (minor: bigint) => Money.of(minor, home).format();
  return {
    currency: home,
    totalRevenue: format(sums.paid),
    pending: format(sums.sent),
    overdue: format(sums.overdue),
    counts,
  };
}
