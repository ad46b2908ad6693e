import { Bitcoin, TrendingUp } from 'lucide-react';

/** A static illustration of the product with the page's marketing figures; it shows no one's money. */
export function HeroPreview() {
  return (
    <figure
      aria-label="Illustration: portfolio up 8.2% this month, crypto up 12.5%"
      className="relative mx-auto w-full max-w-md rounded-3xl border bg-card p-6 shadow-2xl shadow-indigo-950/10"
    >
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-muted-foreground">Portfolio performance</p>
        <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success">
          <TrendingUp aria-hidden className="size-3.5" />
          +8.2%
        </span>
      </div>
      <svg viewBox="0 0 320 120" aria-hidden className="mt-6 h-32 w-full">
        <defs>
          <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="var(--highlight)" stopOpacity="0.35" />
            <stop offset="1" stopColor="var(--highlight)" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path
          d="M0 96 C30 90 45 70 75 74 S120 92 150 66 S200 40 230 48 S285 26 320 14 L320 120 L0 120 Z"
          fill="url(#hero-area)"
        />
        <path
          d="M0 96 C30 90 45 70 75 74 S120 92 150 66 S200 40 230 48 S285 26 320 14"
          fill="none"
          stroke="var(--highlight)"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-muted p-4">
          <p className="text-xs font-medium text-muted-foreground">This month</p>
          <p className="mt-1 text-2xl font-semibold tracking-tight">+8.2%</p>
        </div>
        <div className="rounded-2xl bg-muted p-4">
          <p className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
            <Bitcoin aria-hidden className="size-3.5" />
            Crypto
          </p>
          <p className="mt-1 text-2xl font-semibold tracking-tight text-success">+12.5%</p>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-3 rounded-2xl border p-4">
        <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
          $
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">USD · EUR · GBP · BTC · ETH</p>
          <p className="text-xs text-muted-foreground">One account, every currency you bill in</p>
        </div>
      </div>
    </figure>
  );
}
