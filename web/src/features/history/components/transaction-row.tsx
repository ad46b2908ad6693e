import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  Banknote,
  Clock,
  Undo2,
  CreditCard,
  FileText,
  Paperclip,
  type LucideIcon,
  PiggyBank,
  Receipt,
  StickyNote,
} from 'lucide-react';
import type { HistoryRow } from '@contract/categories';
import type { TransactionType } from '@contract/transactions';
import { Badge } from '@web/components/ui/badge';
import { categoryNameOf, useCategories } from '@web/lib/categories';
import { Skeleton } from '@web/components/ui/skeleton';
import { relativeTime } from '@web/lib/relative-time';
import { cn } from '@web/lib/utils';
import { amountView, counterpartyOf, rowStatusLabel, typeLabels } from '../lib/history-row';

const icons: Record<TransactionType, LucideIcon> = {
  receive: ArrowDownLeft,
  invoice_payment: FileText,
  deposit: Banknote,
  send: ArrowUpRight,
  card_payment: CreditCard,
  exchange: ArrowLeftRight,
  savings_deposit: PiggyBank,
  savings_withdrawal: PiggyBank,
  processing_fee: Receipt,
};

const tones = {
  in: 'bg-success-soft text-success',
  out: 'bg-muted text-foreground',
  exchange: 'bg-primary/10 text-primary',
} as const;

const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One grid for rows and headings. On a phone each row is two lines: what and who with the amount beside it,
 * then the date with the status beside it. From `sm` up it is one line of five columns.
 */
const grid =
  'grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)_8.5rem_7rem_12rem] sm:items-center sm:gap-x-4';

export function HistoryColumnHeads() {
  return (
    <div
      aria-hidden
      className={cn(
        grid,
        'hidden border-b px-3 pb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase sm:grid',
      )}
    >
      <span className="w-10" />
      <span>Transaction</span>
      <span>Date</span>
      <span>Status</span>
      <span className="text-right">Amount</span>
    </div>
  );
}

/** One history line; the whole line opens the transaction's detail (through its description's button). */
export function TransactionRow({ transaction, onOpen }: { transaction: HistoryRow; onOpen: () => void }) {
  const categories = useCategories();
  const Icon = icons[transaction.type];
  const counterparty = counterpartyOf(transaction);
  // A card payment's description is usually the merchant already: say it once.
  const party = counterparty === transaction.description ? null : counterparty;
  const amount = amountView(transaction);
  const status = rowStatusLabel(transaction);
  return (
    <li
      data-testid="history-row"
      className={cn(
        grid,
        'relative px-2 py-3.5 transition-colors focus-within:bg-muted/40 hover:bg-muted/40 sm:px-3',
      )}
    >
      <span
        className={cn(
          'row-span-2 flex size-10 shrink-0 items-center justify-center rounded-full sm:row-span-1',
          tones[transaction.direction],
        )}
      >
        <Icon aria-hidden className="size-4" />
        <span className="sr-only">{typeLabels[transaction.type]}</span>
      </span>
      <div className="col-start-2 row-start-1 grid min-w-0 gap-0.5">
        <p
          className="line-clamp-2 text-sm font-medium break-words sm:line-clamp-1"
          data-testid="history-description"
        >
          <button
            type="button"
            onClick={onOpen}
            aria-haspopup="dialog"
            className="text-left outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
          >
            {transaction.description}
          </button>
          {transaction.hasReceipt && (
            <span
              data-testid="receipt-mark"
              className="ml-1.5 inline-flex align-[-2px] text-muted-foreground"
            >
              <Paperclip aria-hidden className="size-3.5" />
              <span className="sr-only">Receipt attached</span>
            </span>
          )}
        </p>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <span
            data-testid="history-category"
            className="shrink-0 rounded-full bg-muted px-2 py-0.5 font-medium text-foreground"
          >
            {categoryNameOf(categories.data, transaction.category) || 'Category'}
          </span>
          {transaction.note && (
            <>
              <StickyNote aria-hidden className="size-3.5 shrink-0" />
              <span className="sr-only">Has a note</span>
            </>
          )}
          <span className="truncate">
            {party ?? typeLabels[transaction.type]}
            {party && <span className="hidden md:inline"> · {typeLabels[transaction.type]}</span>}
          </span>
        </p>
      </div>
      <time
        dateTime={transaction.createdAt}
        title={fullDate.format(new Date(transaction.createdAt))}
        className="col-start-2 row-start-2 self-center text-xs text-muted-foreground sm:col-start-3 sm:row-start-1 sm:text-sm"
      >
        {relativeTime(transaction.createdAt)}
      </time>
      <Badge
        variant={status === 'Completed' ? 'success' : 'outline'}
        className={cn(
          'col-start-3 row-start-2 w-fit justify-self-end sm:col-start-4 sm:row-start-1 sm:justify-self-start',
          status === 'Pending' &&
            'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
        )}
        data-testid="history-status"
      >
        {status === 'Pending' && <Clock aria-hidden />}
        {(status === 'Returned' || status === 'Cancelled') && <Undo2 aria-hidden />}
        {status}
      </Badge>
      <div className="col-start-3 row-start-1 grid max-w-[11rem] justify-items-end gap-0.5 text-right sm:col-start-5 sm:max-w-none">
        <p
          data-testid="history-amount"
          className={cn(
            'text-sm font-semibold break-words tabular-nums',
            transaction.direction === 'in' && 'text-success',
          )}
        >
          {amount.text}
          {amount.code && (
            <span className="ml-1 hidden text-xs font-medium text-muted-foreground sm:inline">
              {amount.code}
            </span>
          )}
        </p>
        {amount.detail && <p className="text-xs text-muted-foreground">{amount.detail}</p>}
      </div>
    </li>
  );
}

export function TransactionRowSkeleton() {
  return (
    <li className={cn(grid, 'px-2 py-3.5 sm:px-3')}>
      <Skeleton className="row-span-2 size-10 rounded-full sm:row-span-1" />
      <div className="col-start-2 row-start-1 grid gap-2">
        <Skeleton className="h-4 w-40 max-w-full" />
        <Skeleton className="h-3 w-28 max-w-full" />
      </div>
      <Skeleton className="col-start-2 row-start-2 h-3 w-16 sm:col-start-3 sm:row-start-1 sm:h-4 sm:w-20" />
      <Skeleton className="col-start-3 row-start-2 h-5 w-20 justify-self-end rounded-full sm:col-start-4 sm:row-start-1 sm:justify-self-start" />
      <Skeleton className="col-start-3 row-start-1 h-4 w-20 justify-self-end sm:col-start-5" />
    </li>
  );
}
