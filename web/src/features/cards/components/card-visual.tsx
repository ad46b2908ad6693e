import { Snowflake, Wifi } from 'lucide-react';
import type { Card } from '@contract/cards';
import { cn } from '@web/lib/utils';
import { formatExpiry, groupDigits } from '../lib/card-text';

/**
 * The card as it looks: masked number (•••• 4242), expiry, type, issuer. `revealed` shows the full details
 * instead, only while the reveal dialog holds them.
 */
export function CardVisual({
  card,
  revealed,
  className,
}: {
  card: Card;
  revealed?: { cardNumber: string; cvv: string } | undefined;
  className?: string;
}) {
  const frozen = card.status === 'inactive';
  return (
    <div
      data-testid="card-visual"
      className={cn(
        'relative flex aspect-[1.586] w-full max-w-sm flex-col justify-between overflow-hidden rounded-2xl p-5 text-white shadow-lg',
        card.cardType === 'virtual'
          ? 'bg-gradient-to-br from-indigo-700 via-indigo-800 to-slate-900'
          : 'bg-gradient-to-br from-slate-700 via-slate-800 to-black',
        frozen && 'grayscale',
        className,
      )}
    >
      <div className="flex items-start justify-between">
        <span className="text-sm font-semibold tracking-wide">Meridian</span>
        <span className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-medium capitalize">
          {card.cardType} · {card.currency}
        </span>
      </div>
      {frozen && (
        <span className="absolute inset-x-0 top-1/2 flex -translate-y-1/2 items-center justify-center gap-1.5 text-sm font-semibold">
          <Snowflake aria-hidden className="size-4" /> Frozen
        </span>
      )}
      <div className="grid gap-2">
        <Wifi aria-hidden className="size-5 rotate-90 opacity-80" />
        <p
          className="font-mono text-lg tracking-widest tabular-nums sm:text-xl"
          aria-label={revealed ? 'Card number' : `Card ending in ${card.last4}`}
          data-testid="card-number"
        >
          {revealed ? groupDigits(revealed.cardNumber) : card.cardNumber}
        </p>
        <div className="flex gap-6 text-xs">
          <span>
            <span className="block text-white/80">Expires</span>
            <span className="font-mono text-sm">{formatExpiry(card.expiryMonth, card.expiryYear)}</span>
          </span>
          {revealed && (
            <span>
              <span className="block text-white/80">CVV</span>
              <span className="font-mono text-sm" data-testid="card-cvv">
                {revealed.cvv}
              </span>
            </span>
          )}
          <span className="ml-auto self-end text-white/80">
            {card.provider === 'stripe' ? 'Stripe Issuing' : 'Demo card'}
          </span>
        </div>
      </div>
    </div>
  );
}
