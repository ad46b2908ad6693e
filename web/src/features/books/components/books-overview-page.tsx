import { FileText, History, Wallet as WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Wallet } from '@contract/wallets';
import { useQuery } from '@tanstack/react-query';
import { CurrencyIcon } from '@web/components/currency-icon';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListSkeleton } from '@web/components/ui/skeleton';
import { api } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { queryKeys } from '@web/lib/query-keys';
import { useOpenBooks } from '../api/books';

/**
 * The overview an accountant opens in someone's books: every wallet and its balance, and the ways into the
 * history and the invoices. Nothing on it moves money (the server refuses it regardless).
 */
export function BooksOverviewPage() {
  const books = useOpenBooks();
  const wallets = useQuery({
    queryKey: queryKeys.wallets,
    queryFn: ({ signal }) => api.get<Wallet[]>('/api/wallets', signal),
  });
  const whose = books.data ? `${books.data.ownerName}’s` : 'Your';
  return (
    <div className="grid gap-6 lg:grid-cols-[1.6fr_1fr]">
      <Card role="region" aria-labelledby="books-wallets-title">
        <CardHeader>
          <CardTitle id="books-wallets-title">Wallets</CardTitle>
          <CardDescription>{whose} balance in every currency, as the ledger holds it now.</CardDescription>
        </CardHeader>
        {wallets.isPending ? (
          <ListSkeleton label="Loading wallets" />
        ) : wallets.isError ? (
          <LoadError error={wallets.error} onRetry={() => void wallets.refetch()} />
        ) : wallets.data.length === 0 ? (
          <EmptyState
            icon={WalletIcon}
            title="No wallets yet"
            description="No wallet is open in these books."
          />
        ) : (
          <ul className="divide-y" aria-label="Wallets">
            {wallets.data.map((wallet) => (
              <li key={wallet.id} className="flex items-center gap-3 py-3">
                <CurrencyIcon currency={wallet.currency} />
                <span className="flex-1 font-medium">{wallet.currency}</span>
                <span className="font-mono tabular-nums">{formatMoney(wallet.balance, wallet.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Records</CardTitle>
          <CardDescription>Every movement and every invoice, with their exports.</CardDescription>
        </CardHeader>
        <div className="grid gap-2">
          <Button asChild variant="outline" className="justify-start">
            <Link to="/history">
              <History /> Transaction history
            </Link>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <Link to="/invoices">
              <FileText /> Invoices
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
