import { useState, type ReactNode } from 'react';
import type { HistoryRow } from '@contract/categories';
import { ArrowLeftRight, ChevronLeft, ChevronRight, Receipt, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { HistoryFilter } from '@contract/transactions';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { cn } from '@web/lib/utils';
import { useTransactionPage, type HistorySearchTerms } from '../api/get-transaction-page';
import { TransactionDetailDialog } from './transaction-detail-dialog';
import { HistoryColumnHeads, TransactionRow, TransactionRowSkeleton } from './transaction-row';

const SKELETON_ROWS = 6;

const empties: Record<HistoryFilter, { title: string; description: string; action?: ReactNode }> = {
  all: {
    title: 'No transactions yet',
    description: 'Deposits, transfers, card payments and exchanges will appear here, newest first.',
  },
  incoming: {
    title: 'No incoming transactions',
    description: 'Money you receive, client payments and deposits will appear here.',
  },
  outgoing: {
    title: 'No outgoing transactions',
    description: 'Transfers you send and card payments will appear here.',
    action: (
      <Button asChild size="sm" variant="outline">
        <Link to="/transfer">
          <Send />
          Send money
        </Link>
      </Button>
    ),
  },
  exchange: {
    title: 'No exchanges yet',
    description: 'Conversions between your wallets will appear here.',
    action: (
      <Button asChild size="sm" variant="outline">
        <Link to="/convert">
          <ArrowLeftRight />
          Convert currency
        </Link>
      </Button>
    ),
  },
};

interface HistoryListProps {
  filter: HistoryFilter;
  search: HistorySearchTerms;
  /** The page shown, from 1 (it lives in the address). */
  number: number;
  onPage: (number: number) => void;
}

/** One filter's history, one page at a time; a row opens its detail. */
export function HistoryList({ filter, search, number, onPage }: HistoryListProps) {
  const page = useTransactionPage(filter, search, number);
  // The row as last listed: after its category or note changes, the refreshed page shows it anew.
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<HistoryRow | null>(null);
  const moving = page.isPlaceholderData;
  const searching = Boolean(search.q || search.from || search.to || search.category);
  const missingOnly = search.receipt === 'missing';

  if (page.isPending) {
    return (
      <div>
        <HistoryColumnHeads />
        <ul aria-label="Loading transactions" aria-busy className="divide-y">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <TransactionRowSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  }
  if (page.isError) {
    return <LoadError error={page.error} onRetry={() => void page.refetch()} />;
  }
  const { items, nextCursor } = page.data;
  const open = openId === null ? null : (items.find((row) => row.id === openId) ?? opened);
  if (items.length === 0 && number === 1) {
    const empty: (typeof empties)[HistoryFilter] = searching
      ? { title: 'No matching transactions', description: 'Try other words or a wider range of dates.' }
      : missingOnly
        ? {
            title: 'No missing receipts',
            description: 'Every payment you made here has its receipt attached.',
          }
        : empties[filter];
    // The open detail stays open when its row leaves the list (its receipt attached under "Missing receipts").
    return (
      <>
        <EmptyState
          icon={Receipt}
          title={empty.title}
          description={empty.description}
          action={empty.action}
          className="py-12"
        />
        <TransactionDetailDialog transaction={open} onClose={() => setOpenId(null)} />
      </>
    );
  }

  return (
    <div className="grid gap-4">
      <div>
        <HistoryColumnHeads />
        <ul
          aria-label="Transactions"
          aria-busy={moving || undefined}
          data-testid="history-list"
          className={cn('-mx-1 divide-y transition-opacity sm:mx-0', moving && 'opacity-60')}
        >
          {items.map((transaction) => (
            <TransactionRow
              key={transaction.id}
              transaction={transaction}
              onOpen={() => {
                setOpenId(transaction.id);
                setOpened(transaction);
              }}
            />
          ))}
        </ul>
        {items.length === 0 && (
          <p className="py-8 text-center text-sm text-muted-foreground">No transactions on this page.</p>
        )}
      </div>
      <TransactionDetailDialog transaction={open} onClose={() => setOpenId(null)} />
      <nav aria-label="Pagination" className="flex items-center justify-between gap-3 border-t pt-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(number - 1)}
          disabled={number === 1 || moving}
        >
          <ChevronLeft />
          Previous
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="history-page">
          Page {number}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(number + 1)}
          disabled={!nextCursor || moving}
        >
          Next
          <ChevronRight />
        </Button>
      </nav>
    </div>
  );
}
