import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { historyFilters, type HistoryFilter } from '@contract/transactions';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { cn } from '@web/lib/utils';
import { exportCsvUrl, type HistorySearchTerms } from '../api/get-transaction-page';
import { HistoryList } from './history-list';
import { HistorySearch } from './history-search';

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
  // The filter, the search and the page live in the address (?type=outgoing&q=rent&page=2), so they
  // survive a reload and can be linked to. A new filter or search starts again at page 1.
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const filter: HistoryFilter = isFilter(requested) ? requested : 'all';
  const search: HistorySearchTerms = {
    ...(params.get('q') && { q: params.get('q')! }),
    ...(params.get('from') && { from: params.get('from')! }),
    ...(params.get('to') && { to: params.get('to')! }),
    ...(params.get('receipt') === 'missing' && { receipt: 'missing' as const }),
  };
  const number = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const show = (
    next: { filter?: HistoryFilter; search?: HistorySearchTerms; page?: number },
    replace = true,
  ) => {
    const type = next.filter ?? filter;
    const page = next.page ?? 1;
    setParams(
      {
        ...(type !== 'all' && { type }),
        ...Object.fromEntries(Object.entries(next.search ?? search).filter(([, value]) => value)),
        ...(page > 1 && { page: String(page) }),
      },
      { replace },
    );
  };
  const choose = (value: string) => show({ filter: value as HistoryFilter });
  // The words and dates come from the search form; "Missing receipts" from its own switch: each keeps the other.
  const { receipt, ...words } = search;
  const missingOnly = (on: boolean) => show({ search: { ...words, ...(on && { receipt: 'missing' }) } });
  const searchKey = JSON.stringify(search);

  return (
    <Card className="gap-5 px-3 sm:px-6">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 px-1 sm:px-0">
        <div className="grid gap-1">
          <CardTitle>Transactions</CardTitle>
          <CardDescription>Everything that moved in and out of your wallets, newest first.</CardDescription>
        </div>
        <a
          href={exportCsvUrl(filter, search)}
          download
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
        >
          <Download />
          Export CSV
        </a>
      </CardHeader>
      <HistorySearch
        search={words}
        onSearch={(terms) => show({ search: { ...terms, ...(receipt && { receipt }) } })}
      />
      <Tabs value={filter} onValueChange={choose}>
        <div className="flex flex-wrap items-center justify-between gap-3">
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
          <div className="flex items-center gap-2">
            <Switch
              id="history-missing-receipts"
              checked={receipt === 'missing'}
              onCheckedChange={missingOnly}
            />
            <Label htmlFor="history-missing-receipts">Missing receipts</Label>
          </div>
        </div>
        {historyFilters.map((value) => (
          <TabsContent key={value} value={value} className="focus-visible:ring-offset-4">
            <HistoryList
              key={searchKey}
              filter={value}
              search={search}
              number={number}
              onPage={(page) => show({ page }, false)}
            />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}
