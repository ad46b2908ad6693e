import { CircleCheck, CircleDashed, CircleX, type LucideIcon, RefreshCw, TriangleAlert } from 'lucide-react';
import type { Integration, JobReport } from '@contract/system';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { relativeTime } from '@web/lib/relative-time';
import { cn } from '@web/lib/utils';
import { useSystemStatus, useTestAllSystems } from '../api/system-status';
import { overallMessage, summarize } from '../lib/summary';
import { FailedMailCard } from './failed-mail-card';

const look = {
  working: { label: 'Working', Icon: CircleCheck, tone: 'text-success' },
  warning: { label: 'Warning', Icon: TriangleAlert, tone: 'text-warning' },
  missing: { label: 'Missing', Icon: CircleDashed, tone: 'text-muted-foreground' },
  error: { label: 'Error', Icon: CircleX, tone: 'text-destructive' },
} as const;

export function SystemStatusPage() {
  const status = useSystemStatus();
  const test = useTestAllSystems();

  const testAll = () =>
    test.mutate(undefined, {
      onSuccess: (result) =>
        toast({ title: 'System test complete', description: overallMessage(summarize(result)) }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'System test failed',
          description: friendlyErrorMessage(error),
        }),
    });

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <Button onClick={testAll} disabled={test.isPending}>
          {test.isPending ? <Spinner /> : <RefreshCw />}
          Test All Systems
        </Button>
      </div>
      {status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        <StatusSkeleton />
      ) : (
        <StatusBody
          integrations={status.data.integrations}
          jobs={status.data.jobs}
          operatorView={status.data.operatorView}
          summary={summarize(status.data)}
        />
      )}
    </div>
  );
}

function StatusBody({
  integrations,
  jobs,
  operatorView,
  summary,
}: {
  integrations: Integration[];
  jobs: JobReport[];
  operatorView: boolean;
  summary: ReturnType<typeof summarize>;
}) {
  return (
    <>
      <p className="text-lg font-medium" data-testid="system-overall">
        Overall: {overallMessage(summary)}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Counter label="Working" icon={CircleCheck} value={summary.working} />
        <Counter label="Warnings" icon={TriangleAlert} value={summary.warnings} />
        <Counter label="Missing APIs" icon={CircleDashed} value={summary.missing} />
        <Counter label="Errors" icon={CircleX} value={summary.errors} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Systems</CardTitle>
          <CardDescription>
            Every integration Meridian runs on, checked by the server.
            {!operatorView && ' How each is set up, and the background jobs, are shown to operators only.'}
          </CardDescription>
        </CardHeader>
        <ul className="divide-y rounded-lg border" aria-label="Systems">
          {integrations.map((each) => (
            <IntegrationRow key={each.id} integration={each} />
          ))}
        </ul>
      </Card>
      {jobs.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Background jobs</CardTitle>
            <CardDescription>The last run of each job, by whichever app process ran it.</CardDescription>
          </CardHeader>
          <ul className="divide-y rounded-lg border" aria-label="Background jobs">
            {jobs.map((job) => (
              <li key={job.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                <span className="min-w-0 flex-1 font-medium">{job.name}</span>
                <span className="text-muted-foreground">every {job.everySeconds}s</span>
                <span className={cn(job.lastOk === false ? 'text-destructive' : 'text-muted-foreground')}>
                  {job.lastRunAt === null
                    ? 'not run yet'
                    : `${job.lastOk ? 'ran' : 'failed'} ${relativeTime(job.lastRunAt).toLowerCase()}${job.lagSeconds ? `, ${job.lagSeconds}s late` : ''}`}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {operatorView && <FailedMailCard />}
      <Card>
        <CardHeader>
          <CardTitle>Required production APIs</CardTitle>
          <CardDescription>What this server would need to run for real customers.</CardDescription>
        </CardHeader>
        {!operatorView ? (
          <p className="text-sm text-muted-foreground">
            Details are for operators: what is configured and what production needs are not shown to
            customers.
          </p>
        ) : summary.required.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing: every integration is production-ready.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Required production APIs">
            {summary.required.map((each) => (
              <li key={each.name} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{each.name}:</span>
                <span className="text-muted-foreground">{each.production}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function IntegrationRow({ integration }: { integration: Integration }) {
  const { label, Icon, tone } = look[integration.status];
  return (
    <li className="flex flex-wrap items-start gap-3 p-4" data-testid={`system-${integration.id}`}>
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', tone)} />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{integration.name}</p>
        <p className="text-sm text-muted-foreground">{integration.detail}</p>
        {integration.configured && (
          <p className="mt-1 text-xs text-muted-foreground">{integration.configured}</p>
        )}
      </div>
      <Badge variant="outline" className={tone}>
        {label}
      </Badge>
    </li>
  );
}

function StatusSkeleton() {
  return (
    <div role="status" aria-label="Loading system status" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-96 rounded-xl" />
    </div>
  );
}

function Counter({ label, icon, value }: { label: string; icon: LucideIcon; value: number | string }) {
  return (
    <StatCard label={label} icon={icon}>
      <p className="text-3xl font-semibold tracking-tight">{value}</p>
    </StatCard>
  );
}
