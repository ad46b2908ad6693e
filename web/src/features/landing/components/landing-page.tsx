import { ClosingCta } from './closing-cta';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import type { LandingActions } from './landing-actions';
import { LandingFooter } from './landing-footer';
import { LandingNav } from './landing-nav';
import { PricingSection } from './pricing-section';
import { SecuritySection } from './security-section';
import { StatsStrip } from './stats-strip';

export function LandingPage(actions: LandingActions) {
  return (
    <div id="top" className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <LandingNav onSignIn={actions.onSignIn} onGetStarted={actions.onGetStarted} />
      <main id="main">
        <Hero onGetStarted={actions.onGetStarted} renderDemoButton={actions.renderDemoButton} />
        <StatsStrip />
        <FeaturesSection />
        <SecuritySection />
        <PricingSection onGetStarted={actions.onGetStarted} />
        <ClosingCta onGetStarted={actions.onGetStarted} renderDemoButton={actions.renderDemoButton} />
      </main>
      <LandingFooter onSignIn={actions.onSignIn} />
    </div>
  );
}
