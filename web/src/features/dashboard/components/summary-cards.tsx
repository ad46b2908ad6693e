import { Bitcoin, ChartPie, DollarSign, Plus } from 'lucide-react';
import type { Money } from '@contract/money';
import { percentOf } from '@contract/pricing';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatCard } from '@web/components/ui/stat-card';
import { formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import { hasNoMoney, type PortfolioValue } from '../lib/portfolio';

interface SummaryCardsProps {
  portfolio: PortfolioValue | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onAddFunds: () => void;
}

/** A share of the total in percent with two decimals (the contract's percentOf): "30.11%". */
function shareOf(part: Money, total: Money): string {
  if (!total.isPositive()) return '0%';
  return `${percentOf(part.minor, total.minor)}%`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Total Portfolio, Crypto Assets and Fiat Balance, in USD at live rates. */
export function SummaryCards({ portfolio, loading, error, onRetry, onAddFunds }: SummaryCardsProps) {
  if (loading) {
    return (
      <div role="status" aria-label="Loading balances" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
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
  if (error || !portfolio) return <LoadError error={error} onRetry={onRetry} />;

  const empty = hasNoMoney(portfolio);
  const cryptoCount = portfolio.wallets.filter(({ wallet }) => wallet.type === 'crypto').length;
  const fiatCount = portfolio.wallets.length - cryptoCount;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard
        label="Total Portfolio"
        icon={ChartPie}
        className="relative overflow-hidden border-transparent bg-gradient-to-br from-[#1e1b4b] via-[#312e81] to-[#4338ca] text-white shadow-lg shadow-indigo-950/20 sm:col-span-2 xl:col-span-1 [&_h2]:text-indigo-100 [&>div>span]:bg-white/10 [&>div>span]:text-[#6ee7b7]"
      >
        <span
          aria-hidden
          className="pointer-events-none absolute -right-10 -bottom-16 size-48 rounded-full bg-[#34d399]/15 blur-2xl"
        />
        <Figure testId="total-portfolio" money={portfolio.total} className="text-white" />
        {empty ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-indigo-100">Add funds to get started.</p>
            <Button size="sm" onClick={onAddFunds} className="bg-white text-[#1e1b4b] hover:bg-indigo-50">
              <Plus />
              Add Funds
            </Button>
          </div>
        ) : (
          <p className="text-sm text-indigo-100">
            Across {plural(portfolio.wallets.length, 'wallet')}, in USD at live rates
          </p>
        )}
      </StatCard>
      <StatCard label="Crypto Assets" icon={Bitcoin}>
        <Figure testId="crypto-assets" money={portfolio.crypto} />
        <p className="text-sm text-muted-foreground">
          {plural(cryptoCount, 'crypto wallet')} · {shareOf(portfolio.crypto, portfolio.total)} of portfolio
        </p>
      </StatCard>
      <StatCard label="Fiat Balance" icon={DollarSign}>
        <Figure testId="fiat-balance" money={portfolio.fiat} />
        <p className="text-sm text-muted-foreground">
          {plural(fiatCount, 'fiat wallet')} · {shareOf(portfolio.fiat, portfolio.total)} of portfolio
        </p>
      </StatCard>
    </div>
  );
}

function Figure({ money, testId, className }: { money: Money; testId: string; className?: string }) {
  return (
    <p
      data-testid={testId}
      className={cn('text-3xl font-semibold tracking-tight tabular-nums sm:text-[2rem]', className)}
    >
      {formatMoney(money)}
    </p>
  );
}
