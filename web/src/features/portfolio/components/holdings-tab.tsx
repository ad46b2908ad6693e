import { PiggyBank } from 'lucide-react';
import { QueryContent } from '@web/components/query-content';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePortfolio } from '../api/get-portfolio';
import { HoldingCard } from './holding-card';

/** The BTC and ETH positions from GET /api/portfolio, valued at the live price. */
export function HoldingsTab({ onNewTrade }: { onNewTrade: () => void }) {
  const portfolio = usePortfolio();
  return (
    <QueryContent
      query={portfolio}
      loading={
        <ul aria-label="Loading holdings" className="grid gap-3">
          {[0, 1].map((index) => (
            <li key={index}>
              <Skeleton className="h-24 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      }
    >
      {({ holdings }) =>
        holdings.length === 0 ? (
          <EmptyState
            icon={PiggyBank}
            title="No holdings yet"
            description="Your BTC and ETH positions, with average cost and P&L, appear here after your first buy."
            action={
              <Button size="sm" onClick={onNewTrade}>
                Make your first trade
              </Button>
            }
          />
        ) : (
          <ul aria-label="Holdings" className="grid gap-3">
            {holdings.map((holding) => (
              <HoldingCard key={holding.id} holding={holding} />
            ))}
          </ul>
        )
      }
    </QueryContent>
  );
}
