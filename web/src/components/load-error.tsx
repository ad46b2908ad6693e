import { CircleAlert } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { friendlyErrorMessage } from '@web/lib/api-client';

/** A failed data load inside a page: what went wrong and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive" className="items-center">
      <CircleAlert aria-hidden />
      <span className="flex-1">{friendlyErrorMessage(error, 'This could not be loaded.')}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
