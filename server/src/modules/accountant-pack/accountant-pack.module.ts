import type { App } from '../../http';
import type { InvoicesFace } from '../invoices/invoices';
import type { TransactionsService } from '../transactions/transactions.service';
import { accountantPackRoutes } from './accountant-pack.routes';
import { createAccountantPackService } from './accountant-pack.service';
import { historyPart } from './history-part';
import { invoicesPart } from './invoices-part';
import type { PackPart } from './pack-part';

/**
 * The accountant pack: one ZIP of a period's books. Its parts, in the order they appear in the ZIP (after
 * README.txt; index.csv closes it): statements/, the income statement by category, history.csv, invoices/,
 * receipts/. Each is a PackPart from the module that owns the documents; `more` places further parts by name.
 */
export async function accountantPackModule(
  app: App,
  deps: {
    transactions: Pick<TransactionsService, 'exportCsv'>;
    invoices: Pick<InvoicesFace, 'issuedOrPaidIn' | 'pdf'>;
    more?: { statements?: PackPart; incomeStatement?: PackPart; receipts?: PackPart };
  },
) {
  const { more = {} } = deps;
  const parts = [
    more.statements,
    more.incomeStatement,
    historyPart(deps.transactions),
    invoicesPart(deps.invoices),
    more.receipts,
  ].filter((part): part is PackPart => part !== undefined);
  const packs = createAccountantPackService({ parts });
  await app.register(accountantPackRoutes, { prefix: '/api/accountant-pack', packs });
}
