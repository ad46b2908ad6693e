import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { historyFilters, type HistoryFilter } from '@contract/transactions';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { cn } from '@web/lib/utils';
import { exportCsvUrl } from '../api/get-transaction-page';
import { HistoryList } from './history-list';

/** All, Incoming, Outgoing, Exchanges. */
const filterLabels: Record<HistoryFilter, string> = {
  all: 'All',
  incoming: 'Incoming',
  outgoing: 'Outgoing',
  exchange: 'Exchanges',
};

const isFilter = (value: string | null): value is HistoryFilter =>
  (historyFilters as readonly string[]).includes(value ?? '');

export function HistoryPage() {
  // The filter lives in the address (?type=outgoing), so it survives a reload and can be linked to.
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const filter: HistoryFilter = isFilter(requested) ? requested : 'all';
  const choose = (value: string) => setParams(value === 'all' ? {} : { type: value }, { replace: true });

  return (
    <Card className="gap-5 px-3 sm:px-6">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 px-1 sm:px-0">
        <div className="grid gap-1">
          <CardTitle>Transactions</CardTitle>
          <CardDescription>Everything that moved in and out of your wallets, newest first.</CardDescription>
        </div>
        <a
          href={exportCsvUrl(filter)}
          download
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
        >
          <Download />
          Export CSV
        </a>
      </CardHeader>
      <Tabs value={filter} onValueChange={choose}>
        <TabsList aria-label="Filter transactions" className="w-full sm:w-fit">
          {historyFilters.map((value) => (
            <TabsTrigger
              key={value}
              value={value}
              className="flex-1 px-2 text-[13px] sm:flex-none sm:px-3 sm:text-sm"
            >
              {filterLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {historyFilters.map((value) => (
          <TabsContent key={value} value={value} className="focus-visible:ring-offset-4">
            <HistoryList filter={value} />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}
