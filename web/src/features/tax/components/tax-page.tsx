import { Info } from 'lucide-react';
import { TAX_DISCLAIMER } from '@contract/tax';
import { LoadError } from '@web/components/load-error';
import { Alert } from '@web/components/ui/alert';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTaxEstimate } from '@web/lib/tax-estimate';
import { useGoals } from '../api/get-goals';
import { TaxProfileForm } from './tax-profile-form';
import { TaxWorkings } from './tax-workings';

/** /books/tax: the tax profile and the workings of this tax year's estimate. */
export function TaxPage() {
  const tax = useTaxEstimate();
  const goals = useGoals();
  const failed = tax.error ?? goals.error;
  return (
    <div className="grid gap-6">
      <Alert>
        <Info aria-hidden />
        <span data-testid="tax-disclaimer">{TAX_DISCLAIMER}</span>
      </Alert>
      <Card aria-labelledby="tax-profile-title" role="region">
        <CardHeader>
          <CardTitle id="tax-profile-title">Tax profile</CardTitle>
          <CardDescription>Presets are simplified starting points: the rate is yours to set.</CardDescription>
        </CardHeader>
        {failed ? (
          <LoadError
            error={failed}
            onRetry={() => {
              if (tax.isError) void tax.refetch();
              if (goals.isError) void goals.refetch();
            }}
          />
        ) : !tax.data || !goals.data ? (
          <Skeleton aria-busy className="h-48" />
        ) : (
          <TaxProfileForm
            key={tax.data.profile?.updatedAt ?? 'new'}
            profile={tax.data.profile}
            goals={goals.data}
          />
        )}
      </Card>
      <Card aria-labelledby="tax-workings-title" role="region">
        <CardHeader>
          <CardTitle id="tax-workings-title">This tax year so far</CardTitle>
          <CardDescription>How the estimate adds up.</CardDescription>
        </CardHeader>
        {tax.isError ? (
          <LoadError error={tax.error} onRetry={() => void tax.refetch()} />
        ) : tax.isPending ? (
          <Skeleton aria-busy className="h-64" />
        ) : tax.data.estimate ? (
          <TaxWorkings estimate={tax.data.estimate} />
        ) : (
          <p className="text-sm text-muted-foreground">Save a tax profile above to see the estimate.</p>
        )}
      </Card>
    </div>
  );
}
