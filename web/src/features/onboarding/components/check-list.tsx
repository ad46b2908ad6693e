import { CircleCheck, CircleX } from 'lucide-react';
import type { KycCheck } from '@contract/kyc';
import { Spinner } from '@web/components/ui/spinner';

/** The review's checks as they complete: a spinner while pending, then passed or failed with what was found. */
export function CheckList({ checks }: { checks: KycCheck[] }) {
  return (
    <ul aria-label="Verification checks" className="grid gap-2">
      {checks.map((check) => (
        <li
          key={check.id}
          data-testid={`check-${check.id}`}
          data-status={check.status}
          className="flex items-start gap-3 rounded-lg border p-3 text-sm"
        >
          {check.status === 'pending' ? (
            <Spinner className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          ) : check.status === 'passed' ? (
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
          ) : (
            <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          )}
          <div className="grid gap-0.5">
            <span className="font-medium">
              {check.label}
              <span className="sr-only">
                : {check.status === 'pending' ? 'checking' : check.status === 'passed' ? 'passed' : 'failed'}
              </span>
            </span>
            {check.detail && <span className="text-muted-foreground">{check.detail}</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}
