import { ArrowLeftRight, CreditCard, Send, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';

const actions: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/transfer', label: 'Send Money', icon: Send },
  { to: '/convert', label: 'Exchange', icon: ArrowLeftRight },
  { to: '/cards', label: 'Cards', icon: CreditCard },
];

export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <ul className="grid grid-cols-3 gap-3 lg:grid-cols-1">
        {actions.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex flex-col items-center gap-2 rounded-xl border bg-background p-4 text-center text-sm font-medium lg:flex-row lg:gap-3 lg:p-3 lg:text-left transition-colors outline-none hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon aria-hidden className="size-4" />
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
