import type * as React from 'react';
import { Bitcoin } from 'lucide-react';
import { currencies, type Currency } from '@contract/currencies';
import { cn } from '@web/lib/utils';

/** Brand-ish colours per currency: decorative only, the code beside the icon always names the currency. */
const tones: Record<Currency, string> = {
  USD: 'bg-[#047857]',
  EUR: 'bg-[#3730a3]',
  GBP: 'bg-[#6d28d9]',
  JPY: 'bg-[#be123c]',
  CAD: 'bg-[#b91c1c]',
  AUD: 'bg-[#b45309]',
  CHF: 'bg-[#991b1b]',
  BTC: 'bg-[#f7931a]',
  ETH: 'bg-[#627eea]',
};

/** A round currency mark with its symbol ($, €, ₿ …). Hidden from assistive tech. */
export function CurrencyIcon({
  currency,
  className,
  ...props
}: React.ComponentProps<'span'> & { currency: Currency }) {
  const symbol = currencies[currency].symbol;
  return (
    <span
      aria-hidden
      data-slot="currency-icon"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full font-semibold text-white shadow-sm ring-2 ring-card',
        symbol.length > 1 ? 'text-[11px]' : 'text-base',
        tones[currency],
        className,
      )}
      {...props}
    >
      {/* System fonts often lack ₿: draw it. */}
      {currency === 'BTC' ? <Bitcoin className="size-[55%]" strokeWidth={2.5} /> : symbol}
    </span>
  );
}
