import { LogOut } from 'lucide-react';
import { NavLink } from 'react-router';
import { Brand } from '@web/components/brand';
import { Button } from '@web/components/ui/button';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { cn } from '@web/lib/utils';
import { navItems, type NavItem } from '../nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring',
    isActive
      ? 'bg-sidebar-accent text-sidebar-accent-foreground shadow-[inset_3px_0_0_0_var(--highlight)]'
      : 'text-sidebar-muted-foreground hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground',
  );

/** Desktop only (md and up): brand, the ten destinations, system state, bell and sign-out. */
export function Sidebar({
  onLogout,
  loggingOut,
  items = navItems,
  readingBooks = false,
}: {
  onLogout: () => void;
  loggingOut: boolean;
  /** The destinations: all of them, or those an accountant reading someone's books may open. */
  items?: NavItem[];
  readingBooks?: boolean;
}) {
  return (
    <aside
      aria-label="Sidebar"
      className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:flex"
    >
      <div className="flex h-16 items-center px-5">
        <Brand className="text-white" />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {items.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className={linkClass}>
                <Icon aria-hidden className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-3 border-t border-sidebar-border p-4">
        <p className="flex items-center gap-2 text-xs font-medium text-sidebar-muted-foreground">
          <span className="relative flex size-2" aria-hidden>
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-[#34d399] opacity-60" />
            <span className="relative inline-flex size-2 rounded-full bg-[#34d399]" />
          </span>
          System Active
        </p>
        <div className="flex items-center gap-2">
          {!readingBooks && (
            <NotificationBell className="text-sidebar-foreground hover:bg-sidebar-accent hover:text-white focus-visible:ring-offset-sidebar" />
          )}
          <Button
            variant="ghost"
            className="flex-1 justify-start text-sidebar-foreground hover:bg-sidebar-accent hover:text-white focus-visible:ring-offset-sidebar"
            onClick={onLogout}
            disabled={loggingOut}
          >
            <LogOut />
            Logout
          </Button>
        </div>
      </div>
    </aside>
  );
}
