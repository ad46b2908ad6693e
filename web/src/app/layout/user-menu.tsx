import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { User } from '@contract/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { initialsOf } from '@web/lib/initials';

export function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const navigate = useNavigate();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    // Not modal: a menu need not hide the page from assistive tech (and a hidden page with focusable content is an axe failure).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="flex size-10 cursor-pointer items-center justify-center rounded-full bg-gradient-to-br from-[#4338ca] to-[#1e1b4b] text-sm font-semibold text-white outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <span data-testid="avatar-initials">{initialsOf(user.email)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          {name && <span className="block font-medium">{name}</span>}
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/profile')}>
          <UserRound aria-hidden />
          Profile Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
