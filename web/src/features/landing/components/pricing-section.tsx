import { Check } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import type { LandingActions } from './landing-actions';
import { SectionHeading } from './section-heading';

const plans = [
  {
    name: 'Starter',
    price: 'Free',
    period: '',
    summary: 'For your first clients.',
    features: ['1 virtual card', '5 transactions per month'],
    cta: 'Get Started',
  },
  {
    name: 'Professional',
    price: '$29',
    period: 'per month',
    summary: 'For freelancers running a real business.',
    features: ['Unlimited cards', 'Unlimited transactions', 'API access'],
    cta: 'Start Free Trial',
    featured: true,
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    period: '',
    summary: 'For agencies and growing teams.',
    features: ['Everything in Professional', 'Pricing shaped to your volume'],
    cta: 'Contact Sales',
  },
];

export function PricingSection({ onGetStarted }: Pick<LandingActions, 'onGetStarted'>) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="pricing-title"
        eyebrow="Pricing"
        title="Simple pricing that grows with you"
        description="Start free. Upgrade when your business does. Professional comes with a 30-day free trial."
        className="mx-auto items-center text-center"
      />
      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.name}
            aria-labelledby={`plan-${plan.name}`}
            className={cn(
              'relative flex flex-col gap-6 rounded-2xl border bg-card p-7 shadow-sm',
              plan.featured && 'border-primary shadow-xl ring-1 ring-primary lg:-translate-y-2',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 id={`plan-${plan.name}`} className="text-lg font-semibold">
                {plan.name}
              </h3>
              {plan.featured && <Badge>Most popular</Badge>}
            </div>
            <p className="flex items-baseline gap-1.5">
              <span className="text-4xl font-semibold tracking-tight">{plan.price}</span>
              {plan.period && <span className="text-sm text-muted-foreground">{plan.period}</span>}
            </p>
            <p className="text-sm text-muted-foreground">{plan.summary}</p>
            <ul className="flex flex-1 flex-col gap-3 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-center gap-2.5">
                  <Check aria-hidden className="size-4 shrink-0 text-success" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button
              size="lg"
              variant={plan.featured ? 'default' : 'outline'}
              onClick={() => onGetStarted()}
              aria-describedby={`plan-${plan.name}`}
            >
              {plan.cta}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
