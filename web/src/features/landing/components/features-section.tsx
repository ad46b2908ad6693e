import { ChartColumn, CreditCard, FileText, Wallet, Zap, type LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { ComingSoon } from './coming-soon';
import { SectionHeading } from './section-heading';

/** `soon`: not built yet, and the page says so rather than claim it. */
const features: { icon: LucideIcon; title: string; text: string; wide?: boolean; soon?: boolean }[] = [
  {
    icon: CreditCard,
    title: 'Virtual and physical cards',
    text: 'Issue a virtual card in seconds for subscriptions and client expenses, or order a physical card. Freeze a card, choose where it works and set its limits whenever you like.',
    wide: true,
  },
  {
    icon: Wallet,
    title: 'Multi-currency wallets',
    text: 'Hold USD, EUR, GBP and more alongside BTC and ETH. Convert at live rates, with the quote shown before you confirm.',
    wide: true,
  },
  {
    icon: Zap,
    title: 'Instant payments',
    text: 'Pay any verified Meridian user instantly by email, fee shown upfront. Someone new gets an email, and the money waits for them to verify it, or comes back to you.',
  },
  {
    icon: ChartColumn,
    title: 'Business intelligence',
    text: 'Monthly earnings, average project value and active clients, always up to date.',
  },
  {
    icon: FileText,
    title: 'Professional invoicing',
    text: 'Numbered invoices with tax, a PDF and a pay link for your client, in fiat or crypto. Paid invoices land in your wallet, valued in your home currency for your accounts.',
  },
];

export function FeaturesSection() {
  return (
    <section
      id="solutions"
      aria-labelledby="solutions-title"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6"
    >
      <SectionHeading
        id="solutions-title"
        eyebrow="Solutions"
        title="Everything your business needs to get paid"
        description="One account replaces the patchwork of apps most freelancers juggle between clients, currencies and cards."
      />
      <ul className="mt-12 grid gap-4 md:grid-cols-2 lg:grid-cols-6">
        {features.map(({ icon: Icon, title, text, wide, soon }) => (
          <li
            key={title}
            className={cn(
              'group flex flex-col gap-3 rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md',
              wide ? 'lg:col-span-3' : 'lg:col-span-2',
            )}
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon aria-hidden className="size-5" />
            </span>
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              {title}
              {soon && <ComingSoon />}
            </h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
