import { Eye, ShoppingBag } from 'lucide-react';
import type { Card } from '@contract/cards';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useSetCardStatus } from '../api/set-card-status';
import { statusLabel } from '../lib/card-text';
import { CardVisual } from './card-visual';

/** One card on My Cards: the card, its state and switch, and what can be done with it. */
export function CardTile({
  card,
  onReveal,
  onPurchase,
}: {
  card: Card;
  onReveal: () => void;
  onPurchase: () => void;
}) {
  const setStatus = useSetCardStatus();
  const change = (status: 'active' | 'inactive') =>
    setStatus.mutate(
      { cardId: card.id, status },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Card Updated',
            description: `${updated.cardNumber} is ${updated.isActive ? 'active' : 'frozen'}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Card Update Failed',
            description: (error instanceof ApiError && error.body?.message) || 'Failed to update card status',
          }),
      },
    );
  const switchId = `card-active-${card.id}`;
  const usable = card.status === 'active' || card.status === 'inactive';

  return (
    <li
      className="grid gap-4 rounded-xl border p-4"
      data-testid="card-tile"
      aria-label={`Card ${card.cardNumber}`}
    >
      <CardVisual card={card} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5 text-sm">
          <span className="flex items-center gap-2">
            <Badge variant={card.isActive ? 'success' : 'outline'} data-testid="card-status">
              {statusLabel[card.status]}
            </Badge>
            <span className="text-muted-foreground capitalize">{card.cardType}</span>
          </span>
          <span className="text-muted-foreground">
            Wallet balance{' '}
            <span className="font-medium text-foreground tabular-nums">
              {formatMoney(card.balance, card.currency)}
            </span>
          </span>
        </div>
        {usable ? (
          <div className="flex items-center gap-2">
            <Label htmlFor={switchId}>Card active</Label>
            <Switch
              id={switchId}
              checked={card.isActive}
              disabled={setStatus.isPending}
              onCheckedChange={(checked) => change(checked ? 'active' : 'inactive')}
            />
          </div>
        ) : card.status === 'shipped' ? (
          <Button size="sm" onClick={() => change('active')} disabled={setStatus.isPending}>
            Activate card
          </Button>
        ) : (
          <span className="text-sm text-muted-foreground">On its way to you soon</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onReveal}>
          <Eye aria-hidden /> Show details
        </Button>
        <Button variant="outline" size="sm" onClick={onPurchase}>
          <ShoppingBag aria-hidden /> Test purchase
        </Button>
      </div>
    </li>
  );
}
