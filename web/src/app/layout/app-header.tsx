import type { User } from '@contract/auth';
import { BrandMark } from '@web/components/brand';
import { ThemeToggle } from '@web/components/theme-toggle';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { UserMenu } from './user-menu';

export function AppHeader({
  title,
  user,
  onLogout,
  readingBooks = false,
}: {
  title: string;
  user: User;
  onLogout: () => void;
  /** An accountant reading someone's books: the owner's notifications are not shown. */
  readingBooks?: boolean;
}) {
  return (
    <header className="sticky top-0 z-20 border-b bg-background/85 backdrop-blur-md">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
        <BrandMark className="size-7 shrink-0 md:hidden" />
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight sm:text-xl">{title}</h1>
        {/* On a phone the toggle is in the tab bar's More sheet: here it would cut titles ("Portfolio & Trading"). */}
        <ThemeToggle className="hidden md:inline-flex" />
        {!readingBooks && <NotificationBell />}
        <UserMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
