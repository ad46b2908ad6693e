import { Plus, Wallet } from 'lucide-react';
import { currencies } from '@contract/currencies';
import { CurrencyIcon } from '@web/components/currency-icon';
import { LoadError } from '@web/components/load-error';
import { OpenWalletPicker } from '@web/components/open-wallet';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListSkeleton } from '@web/components/ui/skeleton';
import { formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import { hasNoMoney, type PortfolioValue } from '../lib/portfolio';

interface CurrencyPortfolioProps {
  portfolio: PortfolioValue | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onAddFunds: () => void;
  className?: string;
}

/** Every wallet: its balance in its own currency, its type, and its value in USD. */
export function CurrencyPortfolio({
  portfolio,
  loading,
  error,
  onRetry,
  onAddFunds,
  className,
}: CurrencyPortfolioProps) {
  return (
    <Card className={className} aria-labelledby="currency-portfolio-title" role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="currency-portfolio-title">Currency Portfolio</CardTitle>
          <CardDescription>Your balances in every currency, valued in USD.</CardDescription>
        </div>
        {portfolio && !hasNoMoney(portfolio) && (
          <Button variant="outline" size="sm" onClick={onAddFunds}>
            <Plus />
            Add Funds
          </Button>
        )}
      </CardHeader>
      {loading ? (
        <ListSkeleton label="Loading wallets" />
      ) : error || !portfolio ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : portfolio.wallets.length === 0 ? (
        <EmptyState
          icon={Wallet}
          title="No wallets yet"
          description="Wallets in USD, EUR, BTC and more appear here once they are open."
        />
      ) : (
        <>
          <ul className="-mx-2 grid">
            {portfolio.wallets.map(({ wallet, balance, usd }) => (
              <li
                key={wallet.id}
                data-testid={`wallet-${wallet.currency}`}
                className="flex items-center gap-3 rounded-lg px-2 py-3 transition-colors hover:bg-muted/60"
              >
                <CurrencyIcon currency={wallet.currency} />
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                    {wallet.currency}
                    <Badge
                      variant={wallet.type === 'crypto' ? 'secondary' : 'outline'}
                      className="capitalize"
                    >
                      {wallet.type}
                    </Badge>
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{currencies[wallet.currency].name}</p>
                </div>
                <div className="grid justify-items-end gap-1 text-right">
                  <p
                    data-testid="wallet-balance"
                    className={cn('font-semibold tabular-nums', balance.isZero() && 'text-muted-foreground')}
                  >
                    {formatMoney(balance)}
                  </p>
                  <p data-testid="wallet-usd" className="text-xs text-muted-foreground tabular-nums">
                    {wallet.currency === 'USD' ? 'Base currency' : `≈ ${formatMoney(usd)}`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {hasNoMoney(portfolio) && (
            <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center">
              <p className="flex-1 text-sm text-muted-foreground">
                Your wallets are open and empty. Add sandbox funds to try conversions and payments.
              </p>
              <Button size="sm" onClick={onAddFunds}>
                <Plus />
                Add Funds
              </Button>
            </div>
          )}
          <div className="border-t pt-4">
            <OpenWalletPicker idPrefix="portfolio" wallets={portfolio.wallets.map(({ wallet }) => wallet)} />
          </div>
        </>
      )}
    </Card>
  );
}
