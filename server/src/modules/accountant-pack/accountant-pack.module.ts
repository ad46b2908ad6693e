import type { App } from '../../http';
import type { InvoicesFace } from '../invoices/invoices';
import type { ReceiptsFace } from '../receipts/receipts';
import type { StatementsFace } from '../statements/statements';
import type { TransactionsService } from '../transactions/transactions.service';
import { accountantPackRoutes } from './accountant-pack.routes';
import { createAccountantPackService } from './accountant-pack.service';
import { historyPart } from './history-part';
import { invoicesPart } from './invoices-part';
import type { PackPart } from './pack-part';
import { receiptsPart } from './receipts-part';
import { statementsPart } from './statements-part';

/**
 * The accountant pack: one ZIP of a period's books. Its parts, in the order they appear in the ZIP (after
 * README.txt; index.csv closes it): statements/, the income statement by category, history.csv, invoices/,
 * receipts/. Each is a PackPart reading the public face of the module that owns the documents.
 */
export async function accountantPackModule(
  app: App,
  deps: {
    transactions: Pick<TransactionsService, 'exportCsv'>;
    invoices: Pick<InvoicesFace, 'issuedOrPaidIn' | 'pdf'>;
    statements: StatementsFace;
    receipts: ReceiptsFace;
    incomeStatement?: PackPart;
  },
) {
  const parts = [
    statementsPart(deps.statements),
    deps.incomeStatement,
    historyPart(deps.transactions),
    invoicesPart(deps.invoices),
    receiptsPart(deps.receipts),
  ].filter((part): part is PackPart => part !== undefined);
  const packs = createAccountantPackService({ parts });
  await app.register(accountantPackRoutes, { prefix: '/api/accountant-pack', packs });
}
