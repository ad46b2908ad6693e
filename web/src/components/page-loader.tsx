import { BrandMark } from '@web/components/brand';
import { Spinner } from '@web/components/ui/spinner';

/** Shown while we learn whether the visitor is signed in: neither the landing page nor the app yet. */
export function PageLoader() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background">
      <BrandMark className="size-10" />
      <Spinner className="size-5 text-muted-foreground" />
      <span className="sr-only">Loading Meridian…</span>
    </div>
  );
}
