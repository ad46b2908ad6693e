import { CreditCard, Gauge, SlidersHorizontal } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';

export function CardsPage() {
  return (
    <Card>
      <Tabs defaultValue="cards">
        <TabsList aria-label="Card sections">
          <TabsTrigger value="cards">My Cards</TabsTrigger>
          <TabsTrigger value="controls">Card Controls</TabsTrigger>
          <TabsTrigger value="limits">Spending Limits</TabsTrigger>
        </TabsList>
        <TabsContent value="cards">
          <EmptyState
            icon={CreditCard}
            title="No cards yet"
            description="Virtual and physical cards you create appear here, with a switch to freeze them."
          />
        </TabsContent>
        <TabsContent value="controls">
          <EmptyState
            icon={SlidersHorizontal}
            title="No cards to control"
            description="Online, contactless, ATM and abroad controls apply per card."
          />
        </TabsContent>
        <TabsContent value="limits">
          <EmptyState
            icon={Gauge}
            title="No cards to limit"
            description="Daily, monthly and ATM limits are set per card."
          />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
