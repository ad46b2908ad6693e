import { useState } from 'react';
import { CircleCheck, CircleX, Gauge, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { toast } from '@web/hooks/use-toast';
import { probes, useProbes } from '../api/get-health';

export function SystemStatusPage() {
  const results = useProbes();
  const [testing, setTesting] = useState(false);
  const working = results.filter((result) => result.data?.ok).length;
  const errors = results.filter((result) => result.data && !result.data.ok).length;
  const percent = Math.round((working / probes.length) * 100);

  const testAll = async () => {
    setTesting(true);
    const fresh = await Promise.all(results.map((result) => result.refetch()));
    setTesting(false);
    const ok = fresh.filter((result) => result.data?.ok).length;
    toast({ title: 'System test complete', description: `${ok}/${probes.length} systems operational` });
  };

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <Button onClick={() => void testAll()} disabled={testing}>
          {testing ? <Spinner /> : <RefreshCw />}
          Test All Systems
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Counter label="Working" icon={CircleCheck} value={working} />
        <Counter label="Errors" icon={TriangleAlert} value={errors} />
        <Counter label="Overall" icon={Gauge} value={`${percent}%`} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Systems</CardTitle>
          <CardDescription>Live checks of the services Meridian runs on.</CardDescription>
        </CardHeader>
        <ul className="divide-y rounded-lg border">
          {probes.map((probe, index) => {
            const result = results[index];
            return (
              <li key={probe.id} className="flex items-center gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{probe.name}</p>
                  <p className="text-sm text-muted-foreground">{result?.data?.detail ?? probe.description}</p>
                </div>
                {!result?.data ? (
                  <Skeleton className="h-6 w-20 rounded-full" />
                ) : result.data.ok ? (
                  <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
                    <CircleCheck aria-hidden className="size-4" /> Working
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-sm font-medium text-destructive">
                    <CircleX aria-hidden className="size-4" /> Error
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
    </div>
  );
}

function Counter({ label, icon, value }: { label: string; icon: typeof Gauge; value: number | string }) {
  return (
    <StatCard label={label} icon={icon}>
      <p className="text-3xl font-semibold tracking-tight">{value}</p>
    </StatCard>
  );
}
