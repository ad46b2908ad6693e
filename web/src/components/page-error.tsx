import { CloudOff } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** A full-page failure we cannot work around (e.g. the API is unreachable), with a way to try again. */
export function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <CloudOff aria-hidden className="size-6" />
      </span>
      <h1 className="text-xl font-semibold">Meridian is unavailable right now</h1>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
