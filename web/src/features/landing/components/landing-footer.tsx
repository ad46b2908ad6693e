import { Brand } from '@web/components/brand';
import type { LandingActions } from './landing-actions';

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export function LandingFooter({ onSignIn }: Pick<LandingActions, 'onSignIn'>) {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <Brand />
          <p className="max-w-sm text-sm text-muted-foreground">
            Premium banking for freelancers, contractors and gig-economy professionals.
          </p>
        </div>
        <nav aria-label="Product" className="flex flex-col gap-3">
          <h2 className="text-sm font-semibold">Product</h2>
          <a className={linkClass} href="#solutions">
            Solutions
          </a>
          <a className={linkClass} href="#pricing">
            Pricing
          </a>
          <a className={linkClass} href="#security">
            Security
          </a>
        </nav>
        <nav aria-label="Account" className="flex flex-col items-start gap-3">
          <h2 className="text-sm font-semibold">Account</h2>
          <button type="button" className={`${linkClass} cursor-pointer`} onClick={onSignIn}>
            Sign In
          </button>
        </nav>
      </div>
      <div className="border-t">
        {/* The page is prerendered at build time: a build from last year shows this year once hydrated. */}
        <p
          className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6"
          suppressHydrationWarning
        >
          © {new Date().getFullYear()} Meridian. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
