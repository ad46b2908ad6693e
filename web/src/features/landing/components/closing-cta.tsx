import { Button } from '@web/components/ui/button';
import type { LandingActions } from './landing-actions';

export function ClosingCta({
  onGetStarted,
  renderDemoButton,
}: Pick<LandingActions, 'onGetStarted' | 'renderDemoButton'>) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-sidebar px-6 py-14 text-center text-sidebar-foreground sm:px-12">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_50%_-20%,rgb(99_102_241/0.35),transparent),radial-gradient(30rem_16rem_at_100%_120%,rgb(16_185_129/0.25),transparent)]"
        />
        <div className="relative mx-auto flex max-w-2xl flex-col items-center gap-5">
          <h2
            id="cta-title"
            className="text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
          >
            Run your freelance finances like the business they are
          </h2>
          <p className="text-lg text-sidebar-muted-foreground">
            Join 50,000+ independent professionals in 40+ countries. Your first 30 days are on us.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:flex-row">
            <Button size="lg" variant="success" onClick={() => onGetStarted()}>
              Get Started
            </Button>
            {renderDemoButton({
              variant: 'outline',
              size: 'lg',
              className:
                'border-sidebar-border bg-transparent text-white hover:bg-sidebar-accent hover:text-white focus-visible:ring-offset-sidebar',
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
