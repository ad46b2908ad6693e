import { formatDay } from '@contract/dates';
import { Money } from '@contract/money';
import type { TaxEstimate } from '@contract/tax';
import { formatMoney } from '@web/lib/money';

/** The estimate line by line, each figure with how it was reached. */
export function TaxWorkings({ estimate }: { estimate: TaxEstimate }) {
  const money = (amount: string) => formatMoney(amount, estimate.currency);
  const { goal } = estimate;
  const lines: { label: string; value: string; note: string; testId: string }[] = [
    {
      label: 'Income',
      value: money(estimate.income),
      note: 'Money in, in income categories (your own transfers and top-ups are not income).',
      testId: 'workings-income',
    },
    {
      label: 'Deductible expenses',
      value: `− ${money(estimate.deductibleExpenses)}`,
      note: 'Money out, in expense categories marked deductible.',
      testId: 'workings-deductible',
    },
    {
      label: 'Taxable so far',
      value: money(estimate.taxable),
      note: 'Income less deductible expenses, never below zero.',
      testId: 'workings-taxable',
    },
    {
      label: `Estimated tax at ${estimate.ratePercent}%`,
      value: money(estimate.estimatedTax),
      note: 'Taxable × your rate, rounded up to the cent.',
      testId: 'workings-tax',
    },
    {
      label: 'Set aside',
      value: money(estimate.setAside),
      note: goal
        ? `What “${goal.title}” holds${goal.chosen ? '' : ' (your only goal with a set-aside)'}` +
          (goal.rate
            ? `: ${formatMoney(goal.holds, goal.currency)}, converted at today’s rate, 1 ${goal.currency} = ${goal.rate} ${estimate.currency}.`
            : '.')
        : 'No tax goal: choose one in the profile, or give one goal a set-aside.',
      testId: 'workings-set-aside',
    },
    Money.parse(estimate.shortfall, estimate.currency).isPositive()
      ? {
          label: 'Shortfall',
          value: money(estimate.shortfall),
          note: 'Still to set aside.',
          testId: 'workings-shortfall',
        }
      : {
          label: 'Surplus',
          value: money(estimate.surplus),
          note: 'Set aside beyond the estimate.',
          testId: 'workings-surplus',
        },
  ];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Tax year {formatDay(estimate.taxYear.from)} – {formatDay(estimate.taxYear.ends)}, counted to{' '}
        {formatDay(estimate.taxYear.to)}, in {estimate.currency}.
      </p>
      <dl className="divide-y rounded-xl border">
        {lines.map(({ label, value, note, testId }) => (
          <div key={label} className="grid gap-1 p-4 sm:grid-cols-[1fr_auto] sm:items-baseline">
            <dt className="grid gap-0.5">
              <span className="text-sm font-medium">{label}</span>
              {note && <span className="text-xs text-muted-foreground">{note}</span>}
            </dt>
            <dd data-testid={testId} className="text-base font-semibold tabular-nums sm:text-right">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1 text-sm">
        <p className="font-medium">Quarterly estimate dates this tax year</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
          {estimate.dates.map((date) => (
            <li key={date}>{formatDay(date, 'short')}</li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          Next: {formatDay(estimate.nextDate)}. You get a notification and an email a week before each date.
        </p>
      </div>
      <p className="text-xs text-muted-foreground">{estimate.valuationNote}</p>
    </div>
  );
}
