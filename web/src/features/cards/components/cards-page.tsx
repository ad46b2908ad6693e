import { useState, type ReactNode } from 'react';
import { CreditCard, Gauge, Plus, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import type { Card as CardData } from '@contract/cards';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useCards } from '../api/get-cards';
import { CardTile } from './card-tile';
import { ControlsTab } from './controls-tab';
import { CreateCardDialog } from './create-card-dialog';
import { LimitsTab } from './limits-tab';
import { ProviderNotice } from './provider-notice';
import { PurchaseDialog } from './purchase-dialog';
import { RevealDialog } from './reveal-dialog';

const tabClass = 'flex-1 px-1.5 text-xs sm:flex-none sm:px-3 sm:text-sm';

export function CardsPage() {
  const cards = useCards();
  const [creating, setCreating] = useState(false);
  const [revealing, setRevealing] = useState<CardData | null>(null);
  const [paying, setPaying] = useState<CardData | null>(null);

  /** Loading, error and empty once for every tab; `render` gets the cards when there are some. */
  const withCards = (
    empty: { icon: LucideIcon; title: string; description: string },
    render: (list: CardData[]) => ReactNode,
  ) =>
    cards.isError ? (
      <LoadError error={cards.error} onRetry={() => void cards.refetch()} />
    ) : !cards.data ? (
      <div role="status" aria-label="Loading cards" className="grid gap-3 md:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    ) : cards.data.length === 0 ? (
      <EmptyState
        {...empty}
        action={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Create Card
          </Button>
        }
      />
    ) : (
      render(cards.data)
    );

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <ProviderNotice />
        </div>
        <Button className="self-end sm:self-auto" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Create Card
        </Button>
      </div>
      <Card>
        <Tabs defaultValue="cards">
          {/* The spec's three labels are long for a 390 px phone: the list spans the card there, tighter. */}
          <TabsList aria-label="Card sections" className="w-full sm:w-fit">
            <TabsTrigger value="cards" className={tabClass}>
              My Cards
            </TabsTrigger>
            <TabsTrigger value="controls" className={tabClass}>
              Card Controls
            </TabsTrigger>
            <TabsTrigger value="limits" className={tabClass}>
              Spending Limits
            </TabsTrigger>
          </TabsList>
          <TabsContent value="cards">
            {withCards(
              {
                icon: CreditCard,
                title: 'No cards yet',
                description: 'Create a virtual card to pay online at once, or order a physical one.',
              },
              (list) => (
                <ul className="grid gap-4 md:grid-cols-2" aria-label="My cards">
                  {list.map((card) => (
                    <CardTile
                      key={card.id}
                      card={card}
                      onReveal={() => setRevealing(card)}
                      onPurchase={() => setPaying(card)}
                    />
                  ))}
                </ul>
              ),
            )}
          </TabsContent>
          <TabsContent value="controls">
            {withCards(
              {
                icon: SlidersHorizontal,
                title: 'No cards to control',
                description: 'Online, contactless, ATM and abroad controls apply per card.',
              },
              (list) => (
                <ControlsTab cards={list} />
              ),
            )}
          </TabsContent>
          <TabsContent value="limits">
            {withCards(
              {
                icon: Gauge,
                title: 'No cards to limit',
                description: 'Per-payment, daily, monthly and ATM limits are set per card.',
              },
              (list) => (
                <LimitsTab cards={list} />
              ),
            )}
          </TabsContent>
        </Tabs>
      </Card>
      <CreateCardDialog open={creating} onOpenChange={setCreating} />
      <RevealDialog card={revealing} onClose={() => setRevealing(null)} />
      <PurchaseDialog card={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
