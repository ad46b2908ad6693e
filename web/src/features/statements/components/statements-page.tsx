import { Download, FileText } from 'lucide-react';
import { kindOf } from '@contract/currencies';
import {
  statementDownloadUrl,
  statementFormatLabels,
  statementFormats,
  type StatementFormat,
  type StatementList,
  type StatementMonth,
  type WalletStatement,
} from '@contract/statements';
import { QueryContent } from '@web/components/query-content';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatMoney } from '@web/lib/money';
import { useStatements } from '../api/get-statements';
import { ChainCheck } from './chain-check';
import { monthLabel } from './month-label';

const hasStatements = (list: StatementList) => list.months.some((month) => month.wallets.length > 0);

/** Statements: each wallet's month in four formats, the digest that seals it, and the check of the chain. */
export function StatementsPage() {
  const statements = useStatements();
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        A statement covers one UTC calendar month of one wallet: the opening balance, every movement and the
        closing balance. When a month ends its statement gets a digest chained to the month before and a seal
        that only Meridian's key can make, so a later change to the month, or to its seal, shows.
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Check the chain</CardTitle>
          <CardDescription>
            Recomputes every sealed statement from the ledger and compares it with its digest and its seal.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChainCheck />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Monthly statements</CardTitle>
          <CardDescription>
            PDF to read, CSV for spreadsheets, OFX and CAMT.053 for bookkeeping programs (each movement keeps
            the same id in every download, so an import never doubles it). CAMT.053 covers the fiat wallets.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryContent
            query={statements}
            loading={
              <div role="status" aria-label="Loading statements" className="grid gap-3">
                {[0, 1, 2].map((index) => (
                  <Skeleton key={index} className="h-24 rounded-lg" />
                ))}
              </div>
            }
          >
            {(list) =>
              hasStatements(list) ? (
                <div className="grid gap-6">
                  {list.months
                    .filter((month) => month.wallets.length > 0)
                    .map((month) => (
                      <MonthStatements key={month.month} month={month} />
                    ))}
                </div>
              ) : (
                <EmptyState
                  icon={FileText}
                  title="No statements yet"
                  description="Open a wallet and your first statement starts with this month."
                />
              )
            }
          </QueryContent>
        </CardContent>
      </Card>
    </div>
  );
}

function MonthStatements({ month }: { month: StatementMonth }) {
  const label = monthLabel(month.month);
  return (
    <section aria-labelledby={`month-${month.month}`} className="grid gap-3" data-testid="statement-month">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`month-${month.month}`} className="flex items-center gap-2 text-base font-semibold">
          {label}
          {month.closed ? <Badge variant="secondary">Closed</Badge> : <Badge variant="outline">So far</Badge>}
        </h2>
        <Downloads month={month.month} what={`every wallet, ${label}`} />
      </div>
      <ul className="divide-y rounded-lg border" aria-label={`Wallet statements, ${label}`}>
        {month.wallets.map((wallet) => (
          <WalletRow key={wallet.walletId} statement={wallet} label={label} />
        ))}
      </ul>
    </section>
  );
}

function WalletRow({ statement, label }: { statement: WalletStatement; label: string }) {
  const { currency } = statement;
  return (
    <li className="grid gap-2 p-3" data-testid="wallet-statement">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium">{currency} wallet</p>
        <p className="text-sm tabular-nums">
          <span className="text-muted-foreground">Opening </span>
          {formatMoney(statement.opening, currency)}
          <span className="text-muted-foreground"> · {statement.closed ? 'Closing' : 'So far'} </span>
          <span className="font-semibold">{formatMoney(statement.closing, currency)}</span>
          <span className="text-muted-foreground">
            {' '}
            · {statement.movements} movement{statement.movements === 1 ? '' : 's'}
          </span>
        </p>
      </div>
      <Downloads
        month={statement.month}
        walletId={statement.walletId}
        what={`${currency} wallet, ${label}`}
        formats={
          kindOf(currency) === 'fiat' ? statementFormats : statementFormats.filter((f) => f !== 'camt053')
        }
      />
      <p className="text-xs break-all text-muted-foreground">
        {statement.digest ? (
          <>
            Digest <code className="font-mono">{statement.digest}</code>
            <br />
            Previous <code className="font-mono">{statement.previousDigest}</code>
          </>
        ) : (
          'Not sealed yet: the digest is made when the month ends.'
        )}
      </p>
    </li>
  );
}

function Downloads({
  month,
  walletId,
  what,
  formats = statementFormats,
}: {
  month: string;
  walletId?: string;
  what: string;
  formats?: readonly StatementFormat[];
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {formats.map((format) => (
        <Button key={format} size="sm" variant="outline" asChild>
          <a
            href={statementDownloadUrl(month, format, walletId)}
            download
            aria-label={`Download ${statementFormatLabels[format]}, ${what}`}
          >
            <Download aria-hidden /> {statementFormatLabels[format]}
          </a>
        </Button>
      ))}
    </div>
  );
}
