import {
  Activity,
  ChartCandlestick,
  ClipboardList,
  PiggyBank,
  Target,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { StatCard, StatEmpty } from '@web/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';

export function PortfolioPage() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label="Portfolio Value" icon={Wallet}>
          <StatEmpty>No holdings yet.</StatEmpty>
        </StatCard>
        <StatCard label="Total P&L" icon={TrendingUp}>
          <StatEmpty>Profit and loss appear after your first trade.</StatEmpty>
        </StatCard>
        <StatCard label="Pending Orders" icon={Activity}>
          <StatEmpty>No open orders.</StatEmpty>
        </StatCard>
      </div>
      <Card>
        <Tabs defaultValue="holdings">
          <TabsList aria-label="Portfolio sections">
            <TabsTrigger value="holdings">Holdings</TabsTrigger>
            <TabsTrigger value="trade">Trade</TabsTrigger>
            <TabsTrigger value="orders">Orders</TabsTrigger>
            <TabsTrigger value="goals">Goals</TabsTrigger>
          </TabsList>
          <TabsContent value="holdings">
            <EmptyState
              icon={PiggyBank}
              title="No holdings yet"
              description="Your BTC and ETH positions, with average cost and P&L, appear here."
            />
          </TabsContent>
          <TabsContent value="trade">
            <EmptyState
              icon={ChartCandlestick}
              title="Trading needs a funded wallet"
              description="Buy and sell BTC and ETH at market or with a limit price from a funded wallet."
            />
          </TabsContent>
          <TabsContent value="orders">
            <EmptyState
              icon={ClipboardList}
              title="No orders yet"
              description="Market and limit orders you place are listed here with their status."
            />
          </TabsContent>
          <TabsContent value="goals">
            <EmptyState
              icon={Target}
              title="No savings goals yet"
              description="Set money aside for taxes, equipment or time off, and track progress here."
            />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
