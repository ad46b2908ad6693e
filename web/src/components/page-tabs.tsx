import { NavLink } from 'react-router';
import { cn } from '@web/lib/utils';

export interface PageTab {
  to: string;
  label: string;
  /** Active only at exactly `to`: the tab whose address is the page's own (its other tabs live under it). */
  end?: boolean;
}

/** The tab bar of a page made of tabs, each tab its own address (app/router.tsx `pageTabs`). */
export function PageTabs({ label, tabs }: { label: string; tabs: readonly PageTab[] }) {
  return (
    <nav aria-label={label} className="max-w-full overflow-x-auto">
      <ul className="inline-flex w-fit items-center gap-1 rounded-xl bg-muted p-1 text-muted-foreground">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end ?? false}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  isActive && 'bg-card text-foreground shadow-sm',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
