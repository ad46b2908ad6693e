import { useState, type FormEvent } from 'react';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { HeroPreview } from './hero-preview';
import type { LandingActions } from './landing-actions';

export function Hero({
  onGetStarted,
  renderDemoButton,
}: Pick<LandingActions, 'onGetStarted' | 'renderDemoButton'>) {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGetStarted(email.trim());
  };

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_15%_-10%,rgb(79_70_229/0.16),transparent),radial-gradient(40rem_24rem_at_95%_10%,rgb(16_185_129/0.12),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-20 lg:pb-24">
        <div className="flex flex-col gap-6">
          <Badge variant="success" className="w-fit px-3 py-1">
            <ShieldCheck aria-hidden />
            Built for freelancers and contractors
          </Badge>
          <h1
            id="hero-title"
            className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Banking that works as hard as <span className="text-primary">you do</span>.
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Multi-currency wallets, virtual and physical cards, instant payments and professional invoicing,
            in one account designed for independent professionals.
          </p>
          <form
            onSubmit={submit}
            className="flex max-w-xl flex-col gap-3 sm:flex-row"
            aria-label="Start your free trial"
          >
            <label htmlFor="hero-email" className="sr-only">
              Email address
            </label>
            <Input
              id="hero-email"
              type="email"
              autoComplete="email"
              placeholder="you@yourstudio.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="h-12 rounded-xl text-base sm:flex-1"
            />
            <Button type="submit" size="lg">
              Start Free Trial
              <ArrowRight />
            </Button>
          </form>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            {renderDemoButton({ variant: 'outline', size: 'lg', className: 'sm:w-fit' })}
            <p className="text-sm text-muted-foreground">
              No sign-up: a private sandbox account in one click.
            </p>
          </div>
          <p className="text-sm text-muted-foreground">30-day free trial · No card required</p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
