import { ChartLine, Send, Users } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';

export function TransferPage() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Transfer</CardTitle>
          <CardDescription>
            Pay a Meridian user instantly by email, or an external recipient. A 2.9% fee applies.
          </CardDescription>
        </CardHeader>
        <EmptyState
          icon={Send}
          title="No wallet to send from"
          description="Transfers are paid from one of your wallets. Open and fund a wallet first."
        />
      </Card>
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Recent Recipients</CardTitle>
          </CardHeader>
          <EmptyState
            icon={Users}
            title="No recipients yet"
            description="People you pay are remembered here."
          />
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Exchange Rates</CardTitle>
          </CardHeader>
          <EmptyState
            icon={ChartLine}
            title="No rates loaded"
            description="Rates for USD, EUR, GBP and CAD appear here."
          />
        </Card>
      </div>
    </div>
  );
}
