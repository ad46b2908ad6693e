import { Activity, TrendingUp, Wallet } from 'lucide-react';
import type { Portfolio } from '@contract/trading';
import { LoadError } from '@web/components/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatCard } from '@web/components/ui/stat-card';
import { formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import { usePortfolio } from '../api/get-portfolio';
import { formatProfitLoss, formatProfitLossPercent, trendClass } from '../lib/profit-loss';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Portfolio Value, Total P&L (with its percentage) and Pending Orders, from GET /api/portfolio. */
export function PortfolioSummary() {
  const portfolio = usePortfolio();
  if (portfolio.isPending) {
    return (
      <div role="status" aria-label="Loading portfolio" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
        ))}
      </div>
    );
  }
  if (portfolio.isError)
    return <LoadError error={portfolio.error} onRetry={() => void portfolio.refetch()} />;
  return <SummaryCards portfolio={portfolio.data} />;
}

function SummaryCards({ portfolio }: { portfolio: Portfolio }) {
  const profitLoss = formatProfitLoss(portfolio.totalProfitLoss);
  const percent = formatProfitLossPercent(portfolio.totalProfitLossPercent);
  const positions = portfolio.holdings.filter((holding) => /[1-9]/.test(holding.quantity)).length;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard label="Portfolio Value" icon={Wallet}>
        <div>
          <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid="portfolio-value">
            {formatMoney(portfolio.totalValue, 'USD')}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {positions === 0 ? 'No holdings yet' : `${plural(positions, 'holding')} at live prices`}
          </p>
        </div>
      </StatCard>
      <StatCard label="Total P&L" icon={TrendingUp}>
        <div>
          <p
            className={cn('text-2xl font-semibold tracking-tight tabular-nums', trendClass(profitLoss.trend))}
            data-testid="portfolio-pl"
          >
            {profitLoss.text}
          </p>
          <p className={cn('mt-1 text-xs font-medium tabular-nums', trendClass(percent.trend))}>
            {percent.text} on {formatMoney(portfolio.totalInvested, 'USD')} invested
          </p>
        </div>
      </StatCard>
      <StatCard label="Pending Orders" icon={Activity}>
        <div>
          <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid="pending-orders">
            {portfolio.pendingOrders}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {portfolio.pendingOrders === 0 ? 'No open orders' : 'Limit orders waiting for their price'}
          </p>
        </div>
      </StatCard>
    </div>
  );
}
