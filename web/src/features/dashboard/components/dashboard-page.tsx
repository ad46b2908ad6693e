import { useMemo, useRef, useState } from 'react';
import { useWallets } from '@web/lib/wallets';
import { useExchangeRates } from '@web/lib/rates';
import { valuePortfolio } from '../lib/portfolio';
import { AddFundsDialog } from './add-funds-dialog';
import { CurrencyPortfolio } from './currency-portfolio';
import { EarningsAnalytics } from './earnings-analytics';
import { ForecastCard } from './forecast-card';
import { QuickActions } from './quick-actions';
import { ReceiveDialog } from './receive-dialog';
import { RecentActivity } from './recent-activity';
import { SummaryCards } from './summary-cards';
import { TaxCard } from './tax-card';
import { VerifyIdentityCta } from './verify-identity-cta';

export function DashboardPage() {
  const wallets = useWallets();
  const rates = useExchangeRates();
  const [openDialog, setOpenDialog] = useState<'add-funds' | 'receive' | null>(null);
  // The dialogs open from several buttons and have no Radix trigger: focus returns to whichever opened them.
  const opener = useRef<HTMLElement | null>(null);
  const open = (name: 'add-funds' | 'receive') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpenDialog(name);
  };
  const portfolio = useMemo(
    () => (wallets.data && rates.data ? valuePortfolio(wallets.data, rates.data) : undefined),
    [wallets.data, rates.data],
  );
  const balances = {
    portfolio,
    loading: wallets.isPending || rates.isPending,
    error: wallets.error ?? rates.error,
    onRetry: () => {
      if (wallets.isError) void wallets.refetch();
      if (rates.isError) void rates.refetch();
    },
    onAddFunds: () => open('add-funds'),
  };
  const dialogProps = (name: 'add-funds' | 'receive') => ({
    open: openDialog === name,
    onOpenChange: (isOpen: boolean) => setOpenDialog(isOpen ? name : null),
    wallets: wallets.data,
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      opener.current?.focus();
    },
  });

  return (
    <div className="grid gap-6">
      <VerifyIdentityCta />
      <SummaryCards {...balances} />
      <QuickActions onReceive={() => open('receive')} onAddFunds={balances.onAddFunds} />
      <div className="grid gap-6 lg:grid-cols-5">
        <CurrencyPortfolio {...balances} className="lg:col-span-3" />
        <RecentActivity className="lg:col-span-2" />
      </div>
      <ForecastCard />
      <EarningsAnalytics />
      <TaxCard />
      <AddFundsDialog {...dialogProps('add-funds')} />
      <ReceiveDialog {...dialogProps('receive')} />
    </div>
  );
}
