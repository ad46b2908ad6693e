import { ChartColumn, Receipt, Wallet } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';

export function CurrencyPortfolio({ className }: { className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Currency Portfolio</CardTitle>
        <CardDescription>Your balances in every currency you hold.</CardDescription>
      </CardHeader>
      <EmptyState
        className="flex-1"
        icon={Wallet}
        title="No wallets yet"
        description="Wallets in USD, EUR, GBP, BTC, ETH and more appear here once they are open."
      />
    </Card>
  );
}

export function RecentActivity() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Your three latest transactions.</CardDescription>
      </CardHeader>
      <EmptyState
        icon={Receipt}
        title="No transactions yet"
        description="Payments in and out will show up here."
      />
    </Card>
  );
}

export function EarningsAnalytics() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Earnings Analytics</CardTitle>
        <CardDescription>Monthly earnings, average project and active clients.</CardDescription>
      </CardHeader>
      <EmptyState
        icon={ChartColumn}
        title="No earnings yet"
        description="Paid invoices and incoming payments build your earnings picture."
      />
    </Card>
  );
}
