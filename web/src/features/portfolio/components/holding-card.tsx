import type { ReactNode } from 'react';
import { currencies } from '@contract/currencies';
import type { Holding } from '@contract/trading';
import { CurrencyIcon } from '@web/components/currency-icon';
import { formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import { formatProfitLoss, formatProfitLossPercent, trendClass } from '../lib/profit-loss';
import { formatQuantity } from '../lib/trade-text';

function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('truncate text-sm font-semibold tabular-nums', className)}>{children}</dd>
    </div>
  );
}

/** One position: how much, what it cost on average, what it is worth now, and the P&L. */
export function HoldingCard({ holding }: { holding: Holding }) {
  const profitLoss = formatProfitLoss(holding.profitLoss);
  const percent = formatProfitLossPercent(holding.profitLossPercent);
  return (
    <li
      data-testid={`holding-${holding.asset}`}
      className="grid gap-4 rounded-xl border bg-background p-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:items-center"
    >
      <div className="flex items-center gap-3">
        <CurrencyIcon currency={holding.asset} />
        <div className="grid min-w-0">
          <span className="font-semibold">{currencies[holding.asset].name}</span>
          <span className="truncate text-sm text-muted-foreground tabular-nums">
            {formatQuantity(holding.quantity, holding.asset)}
          </span>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Figure label="Avg. buy price">{formatMoney(holding.averageBuyPrice, 'USD')}</Figure>
        <Figure label="Total invested">{formatMoney(holding.totalInvested, 'USD')}</Figure>
        <Figure label="Current value">{formatMoney(holding.currentValue, 'USD')}</Figure>
        <Figure label="P&L" className={trendClass(profitLoss.trend)}>
          {profitLoss.text} <span className="text-xs font-medium">({percent.text})</span>
        </Figure>
      </dl>
    </li>
  );
}
