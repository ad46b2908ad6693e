import { Brand } from '@web/components/brand';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import type { LandingActions } from './landing-actions';
import { anchors } from './landing-sections';
import { SectionMenu } from './section-menu';

export function LandingNav({ onSignIn, onGetStarted }: Pick<LandingActions, 'onSignIn' | 'onGetStarted'>) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <a
          href="#top"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Meridian home"
        >
          <Brand className="[&>span:last-child]:max-[440px]:sr-only" />
        </a>
        <ul className="ml-8 hidden items-center gap-1 md:flex">
          {anchors.map((anchor) => (
            <li key={anchor.href}>
              <a
                href={anchor.href}
                className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <SectionMenu />
          <ThemeToggle />
          <Button variant="ghost" className="px-3" onClick={onSignIn}>
            Sign In
          </Button>
          <Button className="px-3 sm:px-4" onClick={() => onGetStarted()}>
            Get Started
          </Button>
        </div>
      </nav>
    </header>
  );
}
