import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Plus } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { GoalsTab } from './goals-tab';
import { HoldingsTab } from './holdings-tab';
import { OrdersTab } from './orders-tab';
import { PortfolioSummary } from './portfolio-summary';
import { TradeTab } from './trade-tab';

export function PortfolioPage() {
  const [tab, setTab] = useState('holdings');
  const quantityRef = useRef<HTMLInputElement>(null);

  /** New Trade: the Trade tab, with focus in its quantity (rendered before focusing, hence flushSync). */
  const newTrade = () => {
    flushSync(() => setTab('trade'));
    quantityRef.current?.focus();
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Badge variant="success" data-testid="live-markets">
          <span aria-hidden className="size-2 animate-pulse rounded-full bg-current" />
          Live markets
        </Badge>
        <Button onClick={newTrade}>
          <Plus aria-hidden />
          New Trade
        </Button>
      </div>
      <PortfolioSummary />
      <Card>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Portfolio sections">
            <TabsTrigger value="holdings">Holdings</TabsTrigger>
            <TabsTrigger value="trade">Trade</TabsTrigger>
            <TabsTrigger value="orders">Orders</TabsTrigger>
            <TabsTrigger value="goals">Goals</TabsTrigger>
          </TabsList>
          <TabsContent value="holdings">
            <HoldingsTab onNewTrade={newTrade} />
          </TabsContent>
          <TabsContent value="trade">
            <TradeTab quantityRef={quantityRef} />
          </TabsContent>
          <TabsContent value="orders">
            <OrdersTab onNewTrade={newTrade} />
          </TabsContent>
          <TabsContent value="goals">
            <GoalsTab />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
