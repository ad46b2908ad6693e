import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  CreditCard,
  Receipt,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Transaction } from '@contract/transactions';
import { QueryContent } from '@web/components/query-content';
import { Badge } from '@web/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListSkeleton } from '@web/components/ui/skeleton';
import { relativeTime } from '@web/lib/relative-time';
import { cn } from '@web/lib/utils';
import { useRecentTransactions } from '../api/get-recent-transactions';
import { activityAmount, activityLabels } from '../lib/activity';

function iconFor(transaction: Transaction): { icon: LucideIcon; tone: string } {
  if (transaction.type === 'card_payment') return { icon: CreditCard, tone: 'bg-muted text-foreground' };
  if (transaction.direction === 'exchange')
    return { icon: ArrowLeftRight, tone: 'bg-primary/10 text-primary' };
  if (transaction.direction === 'in') return { icon: ArrowDownLeft, tone: 'bg-success-soft text-success' };
  return { icon: ArrowUpRight, tone: 'bg-muted text-foreground' };
}

/** The three newest transactions, with a way to the full history. */
export function RecentActivity({ className }: { className?: string }) {
  const transactions = useRecentTransactions();
  return (
    <Card className={className} aria-labelledby="recent-activity-title" role="region">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="recent-activity-title">Recent Activity</CardTitle>
          <CardDescription>Your latest transactions.</CardDescription>
        </div>
        <Link
          to="/history"
          className="rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          View all
        </Link>
      </CardHeader>
      <QueryContent
        query={transactions}
        loading={<ListSkeleton label="Loading transactions" />}
        empty={
          <EmptyState
            icon={Receipt}
            title="No transactions yet"
            description="Deposits, client payments, card purchases and exchanges will show up here."
          />
        }
      >
        {(rows) => (
          <ul className="-mx-2 grid" data-testid="recent-activity">
            {rows.map((transaction) => (
              <ActivityRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )}
      </QueryContent>
    </Card>
  );
}

function ActivityRow({ transaction }: { transaction: Transaction }) {
  const { icon: Icon, tone } = iconFor(transaction);
  const amount = activityAmount(transaction);
  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-3">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm font-medium">{transaction.description}</p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
          <span>{activityLabels[transaction.type]}</span>
          <span aria-hidden>·</span>
          <time dateTime={transaction.createdAt}>{relativeTime(transaction.createdAt)}</time>
          {transaction.status !== 'completed' && (
            <Badge variant="secondary" className="ml-1">
              Pending
            </Badge>
          )}
        </p>
      </div>
      <div className="grid justify-items-end gap-1 text-right">
        <p
          className={cn(
            'text-sm font-semibold whitespace-nowrap tabular-nums',
            transaction.direction === 'in' && 'text-success',
          )}
        >
          {amount.text}
        </p>
        {amount.detail && <p className="text-xs whitespace-nowrap text-muted-foreground">{amount.detail}</p>}
      </div>
    </li>
  );
}
