import { Receipt } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';

const filters = [
  { value: 'all', label: 'All', empty: 'No transactions yet' },
  { value: 'incoming', label: 'Incoming', empty: 'No incoming transactions' },
  { value: 'outgoing', label: 'Outgoing', empty: 'No outgoing transactions' },
  { value: 'exchanges', label: 'Exchanges', empty: 'No exchanges yet' },
] as const;

export function HistoryPage() {
  return (
    <Card>
      <Tabs defaultValue="all">
        <TabsList aria-label="Filter transactions">
          {filters.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {filters.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            <EmptyState
              icon={Receipt}
              title={item.empty}
              description="Payments, transfers, card purchases and exchanges are listed here, newest first."
            />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}
