import { useState, type ReactNode } from 'react';
import { ArrowLeftRight, ChevronLeft, ChevronRight, Receipt, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { HistoryFilter } from '@contract/transactions';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { cn } from '@web/lib/utils';
import { useTransactionPage } from '../api/get-transaction-page';
import { currentCursor, firstPage, nextPage, pageNumber, previousPage } from '../lib/paging';
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

/** One filter's history, paged by cursor. Mounted per tab, so a new filter starts again at page 1. */
export function HistoryList({ filter }: { filter: HistoryFilter }) {
  const [cursors, setCursors] = useState(firstPage);
  const page = useTransactionPage(filter, currentCursor(cursors));
  const moving = page.isPlaceholderData;

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
  const number = pageNumber(cursors);
  if (items.length === 0 && number === 1) {
    const empty = empties[filter];
    return (
      <EmptyState
        icon={Receipt}
        title={empty.title}
        description={empty.description}
        action={empty.action}
        className="py-12"
      />
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
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      </div>
      <nav aria-label="Pagination" className="flex items-center justify-between gap-3 border-t pt-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setCursors(previousPage)}
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
          onClick={() => setCursors((stack) => nextPage(stack, nextCursor))}
          disabled={!nextCursor || moving}
        >
          Next
          <ChevronRight />
        </Button>
      </nav>
    </div>
  );
}
