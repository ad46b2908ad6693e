import { FileDown } from 'lucide-react';
import type { HistoryRow } from '@contract/categories';
import { takesReceipt, transactionReceiptUrl } from '@contract/transactions';
import { buttonVariants } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import { amountView, counterpartyOf, statusLabel, typeLabels } from '../lib/history-row';
import { ReceiptSection } from './receipt-section';
import { RowAnnotations } from './row-annotations';

const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** Everything the history knows about one transaction, with its PDF receipt and, for a payment out, yours. */
export function TransactionDetailDialog({
  transaction,
  onClose,
}: {
  transaction: HistoryRow | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{transaction && <TransactionDetail transaction={transaction} />}</DialogContent>
    </Dialog>
  );
}

function TransactionDetail({ transaction }: { transaction: HistoryRow }) {
  const amount = amountView(transaction);
  const { fromCurrency, toCurrency, exchangeRate } = transaction;
  const rows: Array<[string, string | null]> = [
    ['Type', typeLabels[transaction.type]],
    ['Date', fullDate.format(new Date(transaction.createdAt))],
    ['Amount', amount.code ? `${amount.text} ${amount.code}` : amount.text],
    ['Fee', Number(transaction.fee) > 0 ? formatMoney(transaction.fee, transaction.currency) : null],
    [
      'Rate',
      exchangeRate && fromCurrency && toCurrency ? `1 ${fromCurrency} = ${exchangeRate} ${toCurrency}` : null,
    ],
    ['Counterparty', counterpartyOf(transaction)],
    ['Status', statusLabel(transaction.status)],
    ['Reference', transaction.id],
  ];
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">{transaction.description}</DialogTitle>
        <DialogDescription>{typeLabels[transaction.type]}</DialogDescription>
      </DialogHeader>
      <dl
        className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm"
        data-testid="transaction-detail"
      >
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium break-words">{value}</dd>
            </div>
          ))}
      </dl>
      <RowAnnotations key={transaction.id} row={transaction} />
      <a
        href={transactionReceiptUrl(transaction.id)}
        download
        className={cn(buttonVariants({ variant: 'outline' }))}
      >
        <FileDown />
        Download receipt (PDF)
      </a>
      {takesReceipt(transaction.type) && (
        <ReceiptSection
          key={transaction.id}
          transactionId={transaction.id}
          hasReceipt={transaction.hasReceipt}
        />
      )}
    </>
  );
}
