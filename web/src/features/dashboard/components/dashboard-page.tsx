import { CurrencyPortfolio, EarningsAnalytics, RecentActivity } from './dashboard-lists';
import { QuickActions } from './quick-actions';
import { SummaryCards } from './summary-cards';

export function DashboardPage() {
  return (
    <div className="grid gap-6">
      <SummaryCards />
      <div className="grid gap-6 lg:grid-cols-3">
        <CurrencyPortfolio className="lg:col-span-2" />
        <QuickActions />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity />
        <EarningsAnalytics />
      </div>
    </div>
  );
}
