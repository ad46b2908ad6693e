import { useState } from 'react';
import { Ellipsis } from 'lucide-react';
import { NavLink, matchPath, useLocation } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { ThemeToggle } from '@web/components/theme-toggle';
import { cn } from '@web/lib/utils';
import { phoneMoreItems, phoneTabItems, type NavItem } from '../nav-items';

const tabClass = (current: boolean) =>
  cn(
    'flex w-full cursor-pointer flex-col items-center gap-1 px-0.5 py-2.5 text-[11px] font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
    current ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
  );

/**
 * Below md: a bottom tab bar of five everyday destinations plus More, a sheet holding the other five, so all
 * ten fit a 390 px phone without sideways scrolling.
 */
export function MobileNav({
  tabs = phoneTabItems,
  more = phoneMoreItems,
}: {
  /** The tabs, and what waits behind More: an accountant reading someone's books has three tabs and no More. */
  tabs?: NavItem[];
  more?: NavItem[];
}) {
  const { pathname } = useLocation();
  // The sheet is open for the path it was opened on: navigating anywhere (a link in it, Back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const moreIsCurrent = more.some((item) => matchPath({ path: item.to, end: false }, pathname));

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="grid grid-cols-6">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to} className="min-w-0">
            <NavLink to={to} className={({ isActive }) => tabClass(isActive)}>
              <Icon aria-hidden className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
        {more.length > 0 && (
          <li className="min-w-0">
            <Dialog open={openOn === pathname} onOpenChange={(open) => setOpenOn(open ? pathname : null)}>
              <DialogTrigger
                className={tabClass(moreIsCurrent)}
                // The current page is one of those behind More: say so, as the tabs' links do.
                aria-current={moreIsCurrent ? 'page' : undefined}
              >
                <Ellipsis aria-hidden className="size-5" />
                More
              </DialogTrigger>
              <MoreSheet items={more} onNavigate={() => setOpenOn(null)} />
            </Dialog>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A bottom sheet (the dialog primitive, docked to the bottom edge) with the destinations the tabs leave out. */
function MoreSheet({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  return (
    <DialogContent className="top-auto bottom-0 left-0 w-full max-w-none translate-x-0 translate-y-0 gap-4 rounded-t-2xl rounded-b-none px-4 pt-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))]">
      <DialogHeader>
        <DialogTitle className="text-lg">More</DialogTitle>
        <DialogDescription>The rest of Meridian.</DialogDescription>
      </DialogHeader>
      <ul className="grid grid-cols-2 gap-2">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-xl border px-3 py-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive ? 'border-primary bg-accent text-accent-foreground' : 'hover:bg-accent',
                )
              }
              // Also for the page already open, which no navigation would close.
              onClick={onNavigate}
            >
              <Icon aria-hidden className="size-5 shrink-0 text-primary" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between rounded-xl border px-3 py-1.5 text-sm font-medium">
        Theme
        <ThemeToggle />
      </div>
    </DialogContent>
  );
}
