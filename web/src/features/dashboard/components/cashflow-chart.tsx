import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Cashflow } from '@contract/analytics';
import { formatMoney } from '@web/lib/money';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

interface ChartPoint {
  label: string;
  longLabel: string;
  /** Whole dollars, for bar heights only. The exact decimal strings are what the tooltip and table show. */
  income: number;
  spending: number;
  incomeText: string;
  spendingText: string;
}

/** Bar height: a plotting coordinate, not money (no arithmetic happens on it). */
const plotValue = (decimal: string) => Number(decimal.split('.')[0] ?? '0');

/** Axis ticks: "$0", "$800", "$12k". */
const axisTick = (value: number) => (value >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${value}`);

const series = [
  { key: 'income', name: 'Income', color: 'var(--color-highlight)' },
  { key: 'spending', name: 'Spending', color: 'var(--color-primary)' },
] as const;

/** Six months of income vs spending (USD). Loaded lazily: it pulls in Recharts. */
export function CashflowChart({ months }: { months: Cashflow }) {
  const points: ChartPoint[] = months.map(({ month, income, spending }) => {
    const date = new Date(`${month}-01T00:00:00Z`);
    return {
      label: monthName.format(date),
      longLabel: monthLong.format(date),
      income: plotValue(income),
      spending: plotValue(spending),
      incomeText: formatMoney(income, 'USD'),
      spendingText: formatMoney(spending, 'USD'),
    };
  });

  return (
    <figure className="grid gap-3">
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        {series.map((item) => (
          <span key={item.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="size-2.5 rounded-sm" style={{ background: item.color }} />
            {item.name}
          </span>
        ))}
      </figcaption>
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={points}
            margin={{ top: 8, right: 4, bottom: 0, left: -8 }}
            barGap={4}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--color-border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
            />
            <YAxis
              tickFormatter={axisTick}
              tickLine={false}
              axisLine={false}
              width={56}
              tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
            />
            <Tooltip
              cursor={{ fill: 'var(--color-muted)', opacity: 0.6 }}
              content={({ active, payload }) => {
                const point = active ? (payload?.[0]?.payload as ChartPoint | undefined) : undefined;
                if (!point) return null;
                return (
                  <div className="grid gap-1 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
                    <p className="font-medium">{point.longLabel}</p>
                    <p>Income: {point.incomeText}</p>
                    <p>Spending: {point.spendingText}</p>
                  </div>
                );
              }}
            />
            {series.map((item) => (
              <Bar
                key={item.key}
                dataKey={item.key}
                name={item.name}
                fill={item.color}
                radius={[6, 6, 0, 0]}
                maxBarSize={28}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* The same figures for screen readers, exactly. (The wrapper is what hides it: a table ignores width.) */}
      <div className="sr-only">
        <table>
          <caption>Income and spending by month, in US dollars</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Income</th>
              <th scope="col">Spending</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.longLabel}>
                <th scope="row">{point.longLabel}</th>
                <td>{point.incomeText}</td>
                <td>{point.spendingText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
