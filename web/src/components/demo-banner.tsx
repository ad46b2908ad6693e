import { FlaskConical } from 'lucide-react';

/**
 * Across the top of the app for a demo account: a sandbox must say it is one, quietly (muted, not a warning),
 * so nobody reads its balances or payments as real money.
 */
export function DemoBanner() {
  return (
    <section
      aria-label="Demo account"
      data-testid="demo-banner"
      className="mb-6 flex items-start gap-3 rounded-lg border bg-muted/60 px-4 py-3 text-sm sm:items-center"
    >
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground sm:mt-0" />
      <p className="text-muted-foreground">
        <span className="font-medium text-foreground">This is a demo.</span> The money here is simulated:
        nothing you do moves real funds.
      </p>
    </section>
  );
}
