import { PieChart } from 'lucide-react';
import { TOTALS_VALUATION_NOTE, type CategoryTotal, type CategoryTotals } from '@contract/categories';
import { QueryContent } from '@web/components/query-content';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatMoney } from '@web/lib/money';
import { useCategoryTotals, type Period } from '../api/get-category-totals';

const kindLabels: Record<CategoryTotal['kind'], string> = {
  income: 'Income',
  expense: 'Expense',
  'own-transfer': 'Own money',
  tax: 'Tax',
};

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Income and expenses per category for the period and per month, in the home currency. */
export function TotalsCard({ period }: { period: Period }) {
  const totals = useCategoryTotals(period);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Totals by category</CardTitle>
        <CardDescription>{TOTALS_VALUATION_NOTE}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryContent
          query={totals}
          loading={
            <div role="status" aria-label="Loading totals" className="grid gap-3">
              <Skeleton className="h-16 rounded-lg" />
              <Skeleton className="h-40 rounded-lg" />
            </div>
          }
        >
          {(data) =>
            data.categories.length === 0 ? (
              <EmptyState
                icon={PieChart}
                title="Nothing moved in this period"
                description="Pick other dates, or come back once money has come in or gone out."
              />
            ) : (
              <Totals data={data} />
            )
          }
        </QueryContent>
      </CardContent>
    </Card>
  );
}

function Totals({ data }: { data: CategoryTotals }) {
  const money = (amount: string) => formatMoney(amount, data.currency);
  const figures: [string, string][] = [
    ['Income', data.income],
    ['Expenses', data.expenses],
    ['Deductible expenses', data.deductibleExpenses],
  ];
  return (
    <div className="grid gap-6">
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="totals-summary">
        {figures.map(([label, amount]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{money(amount)}</dd>
          </div>
        ))}
      </dl>
      <CategoryTable caption="For the period" rows={data.categories} money={money} />
      {data.months.map((month) => (
        <CategoryTable
          key={month.month}
          caption={monthName.format(new Date(`${month.month}-01T00:00:00Z`))}
          rows={month.categories}
          money={money}
        />
      ))}
    </div>
  );
}

function CategoryTable({
  caption,
  rows,
  money,
}: {
  caption: string;
  rows: CategoryTotal[];
  money: (amount: string) => string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="pb-2 text-left text-sm font-medium">{caption}</caption>
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 text-left font-medium">
              Category
            </th>
            <th scope="col" className="hidden py-2 pr-3 text-left font-medium sm:table-cell">
              Counts as
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              In
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Out
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.categoryId}>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {row.name}
              </th>
              <td className="hidden py-2 pr-3 text-muted-foreground sm:table-cell">
                {kindLabels[row.kind]}
                {row.deductible && ', deductible'}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{money(row.moneyIn)}</td>
              <td className="py-2 text-right tabular-nums">{money(row.moneyOut)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
