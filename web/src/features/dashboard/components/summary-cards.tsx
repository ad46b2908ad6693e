import { Bitcoin, DollarSign, ChartPie } from 'lucide-react';
import { StatCard, StatEmpty } from '@web/components/ui/stat-card';

export function SummaryCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard label="Total Portfolio" icon={ChartPie}>
        <StatEmpty>No wallets yet. Your total across every currency appears here.</StatEmpty>
      </StatCard>
      <StatCard label="Crypto Assets" icon={Bitcoin}>
        <StatEmpty>No crypto wallets yet.</StatEmpty>
      </StatCard>
      <StatCard label="Fiat Balance" icon={DollarSign}>
        <StatEmpty>No fiat wallets yet.</StatEmpty>
      </StatCard>
    </div>
  );
}
