import { ArrowLeftRight, CreditCard, Plus, QrCode, Send, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

// Phones: a row of five round buttons with short labels under them; larger screens: five tiles.
const itemClass =
  'group flex h-full w-full cursor-pointer flex-col items-center gap-1.5 rounded-xl px-0.5 py-1 text-center text-[11px] leading-tight font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:gap-2 sm:border sm:bg-background sm:px-3 sm:py-4 sm:text-sm sm:hover:border-primary/40';

function ActionIcon({ icon: Icon, accent }: { icon: LucideIcon; accent?: boolean }) {
  return (
    <span
      className={cn(
        'flex size-11 items-center justify-center rounded-full transition-transform group-hover:scale-105',
        accent ? 'bg-success text-success-foreground' : 'bg-primary text-primary-foreground',
      )}
    >
      <Icon aria-hidden className="size-5" />
    </span>
  );
}

const links: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/transfer', label: 'Send Money', icon: Send },
  { to: '/convert', label: 'Exchange', icon: ArrowLeftRight },
  { to: '/cards', label: 'Cards', icon: CreditCard },
];

/** Send Money, Exchange and Cards navigate; Receive and Add Funds open their dialogs. */
export function QuickActions({ onReceive, onAddFunds }: { onReceive: () => void; onAddFunds: () => void }) {
  return (
    <Card className="gap-3" role="region" aria-labelledby="quick-actions-title">
      <CardHeader>
        <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
      </CardHeader>
      <ul className="grid grid-cols-5 gap-1 sm:gap-3">
        {links.map(({ to, label, icon }) => (
          <li key={to}>
            <Link to={to} className={itemClass}>
              <ActionIcon icon={icon} />
              {label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" aria-haspopup="dialog" onClick={onReceive} className={itemClass}>
            <ActionIcon icon={QrCode} />
            Receive
          </button>
        </li>
        <li>
          <button type="button" aria-haspopup="dialog" onClick={onAddFunds} className={itemClass}>
            <ActionIcon icon={Plus} accent />
            Add Funds
          </button>
        </li>
      </ul>
    </Card>
  );
}
