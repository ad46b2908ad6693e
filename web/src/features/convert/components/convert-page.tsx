import { ArrowLeftRight, ChartLine } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';

export function ConvertPage() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Convert between your wallets</CardTitle>
          <CardDescription>
            USD, EUR, GBP, JPY, CAD, AUD, CHF, BTC and ETH, with the quote shown before you confirm.
          </CardDescription>
        </CardHeader>
        <EmptyState
          icon={ArrowLeftRight}
          title="No wallets to convert between"
          description="Conversions move money between two of your own wallets. Open wallets to get started."
        />
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Live Rates</CardTitle>
          <CardDescription>Click a pair to load it into the converter.</CardDescription>
        </CardHeader>
        <EmptyState
          icon={ChartLine}
          title="No rates loaded"
          description="Market rates appear here when the rates service is connected."
        />
      </Card>
    </div>
  );
}
