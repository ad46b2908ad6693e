import { useState } from 'react';
import { Download, FileSpreadsheet, FileText, ListChecks, Info } from 'lucide-react';
import { accountantPackFilename, accountantPackUrl } from '@contract/accountant-pack';
import { formatDay } from '@contract/dates';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { cn } from '@web/lib/utils';
import {
  customPeriodProblem,
  packPeriodChoices,
  packPeriodLabels,
  packPeriodOf,
  type PackPeriodChoice,
} from '../lib/pack-periods';

/** What the ZIP holds, in its order (see contract/src/accountant-pack.ts). */
const contents = [
  { icon: Info, name: 'README.txt', text: 'What the pack is, for which days, and how to check it.' },
  {
    icon: FileSpreadsheet,
    name: 'history.csv',
    text: 'Every movement in every wallet during the period, one row each, signed as your wallet saw it.',
  },
  {
    icon: FileText,
    name: 'invoices/',
    text: 'The PDF of every invoice issued in the period, or paid (in full or in part) during it.',
  },
  {
    icon: ListChecks,
    name: 'index.csv',
    text: 'Every file with its size and SHA-256 fingerprint, so your accountant can tell nothing was changed.',
  },
];

/**
 * The accountant pack: a period's books as one ZIP to hand to an accountant. The download is a plain link (the
 * session cookie goes with it): the browser saves the stream as it comes, whatever its size.
 */
export function AccountantPackPage({ taxYearStart }: { taxYearStart?: { month: number; day: number } }) {
  const [choice, setChoice] = useState<PackPeriodChoice>('last-quarter');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const problem = choice === 'custom' ? customPeriodProblem(custom) : null;
  const period = choice === 'custom' ? custom : packPeriodOf(choice, new Date(), taxYearStart);

  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Accountant pack</CardTitle>
        <CardDescription>
          One ZIP file with your books for a period, ready to hand to your accountant or keep for your
          records.
        </CardDescription>
      </CardHeader>
      <CardContent className="gap-5">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-start">
          <FormField id="pack-period" label="Period">
            <NativeSelect
              id="pack-period"
              value={choice}
              onChange={(event) => setChoice(event.target.value as PackPeriodChoice)}
            >
              {packPeriodChoices.map((value) => (
                <option key={value} value={value}>
                  {packPeriodLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {choice === 'custom' ? (
            <div className="grid grid-cols-2 gap-3">
              <FormField id="pack-from" label="From">
                <Input
                  id="pack-from"
                  type="date"
                  value={custom.from}
                  max={custom.to || undefined}
                  onChange={(event) => setCustom({ ...custom, from: event.target.value })}
                />
              </FormField>
              <FormField
                id="pack-to"
                label="To"
                error={problem && custom.from && custom.to ? problem : undefined}
              >
                <Input
                  id="pack-to"
                  type="date"
                  value={custom.to}
                  min={custom.from || undefined}
                  aria-invalid={Boolean(problem && custom.from && custom.to)}
                  aria-describedby={describedBy('pack-to', {
                    error: problem && custom.from && custom.to ? problem : undefined,
                  })}
                  onChange={(event) => setCustom({ ...custom, to: event.target.value })}
                />
              </FormField>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground sm:pt-8" data-testid="pack-period-days">
              {formatDay(period.from)} to {formatDay(period.to)}
            </p>
          )}
        </div>

        {problem ? (
          <Button disabled className="w-full sm:w-fit">
            <Download />
            Download pack
          </Button>
        ) : (
          <a
            href={accountantPackUrl(period)}
            download={accountantPackFilename(period)}
            className={cn(buttonVariants(), 'w-full sm:w-fit')}
          >
            <Download />
            Download pack
          </a>
        )}

        <section aria-labelledby="pack-contents" className="grid gap-3">
          <h3 id="pack-contents" className="text-sm font-semibold">
            What is inside
          </h3>
          <ul className="grid gap-3">
            {contents.map(({ icon: Icon, name, text }) => (
              <li key={name} className="flex items-start gap-3 text-sm">
                <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>
                  <span className="font-mono text-[13px] font-medium">{name}</span>
                  <span className="text-muted-foreground"> — {text}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            Days are counted in UTC, both ends included; a pack covers at most two years. Your accountant can
            download the same pack when they read your books.
          </p>
        </section>
      </CardContent>
    </Card>
  );
}
