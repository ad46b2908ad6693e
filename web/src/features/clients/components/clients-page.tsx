import { useState } from 'react';
import { FileText, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { clientLanguageNames, type Client } from '@contract/clients';
import { QueryContent } from '@web/components/query-content';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { useClients } from '@web/lib/clients';
import { formatMoney } from '@web/lib/money';
import { useDeleteClient } from '../api/save-client';
import { ClientDialog } from './client-dialog';

/** Clients: who the user invoices, what each owes, and the details the invoice form fills from. */
export function ClientsPage() {
  const clients = useClients();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const remove = useDeleteClient();
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus /> Add client
    </Button>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Save the people you invoice: the invoice form fills their details, currency and due date.
        </p>
        {addButton}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Your clients</CardTitle>
          <CardDescription>What each owes counts their sent and overdue invoices.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryContent
            query={clients}
            loading={
              <div role="status" aria-label="Loading clients" className="grid gap-3">
                {[0, 1, 2].map((index) => (
                  <Skeleton key={index} className="h-14 rounded-lg" />
                ))}
              </div>
            }
            empty={
              <EmptyState
                icon={Users}
                title="No clients yet"
                description="Add a client once and pick them on every invoice you make for them."
                action={addButton}
              />
            }
          >
            {(list) => (
              <ul className="divide-y" aria-label="Clients">
                {list.map((client) => (
                  <ClientRow
                    key={client.id}
                    client={client}
                    onEdit={() => setEditing(client)}
                    onDelete={() => setDeleting(client)}
                  />
                ))}
              </ul>
            )}
          </QueryContent>
        </CardContent>
      </Card>
      <ClientDialog open={adding} onOpenChange={setAdding} />
      <ClientDialog
        open={editing !== null}
        onOpenChange={(stayOpen) => !stayOpen && setEditing(null)}
        editing={editing}
      />
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={`Delete ${deleting.name}?`}
          description="Invoices you made for them stay as they are, with the details they were made with."
          action="Delete client"
          destructive
          confirm={async () => {
            await remove.mutateAsync(deleting.id);
            toast({ title: 'Client Deleted', description: `${deleting.name} was deleted.` });
          }}
        />
      )}
    </div>
  );
}

function ClientRow({
  client,
  onEdit,
  onDelete,
}: {
  client: Client;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const terms = client.paymentTermsDays === 0 ? 'Due on receipt' : `${client.paymentTermsDays} days`;
  return (
    <li
      className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 py-3 sm:grid-cols-[1fr_10rem_auto]"
      data-testid="client-row"
    >
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{client.name}</p>
        <p className="truncate text-xs text-muted-foreground">{client.email}</p>
        <p className="truncate text-xs text-muted-foreground">
          {client.currency} · {terms} · {clientLanguageNames[client.language]}
        </p>
      </div>
      <div className="text-right text-sm tabular-nums" aria-label={`What ${client.name} owes`}>
        {client.owed.length === 0 ? (
          <span className="text-muted-foreground">Owes nothing</span>
        ) : (
          <>
            {client.owed.map(({ currency, amount }) => (
              <p key={currency} className="font-semibold">
                {formatMoney(amount, currency)}
              </p>
            ))}
            <p className="text-xs text-muted-foreground">
              {client.openInvoices} unpaid invoice{client.openInvoices === 1 ? '' : 's'}
            </p>
          </>
        )}
      </div>
      <div className="flex justify-end gap-2 max-sm:col-span-2">
        <Button size="sm" variant="outline" asChild>
          <Link
            to={`/invoices?client=${encodeURIComponent(client.id)}`}
            aria-label={`Invoices of ${client.name}`}
          >
            <FileText /> Invoices
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${client.name}`}>
          <Pencil /> Edit
        </Button>
        <Button size="sm" variant="outline" onClick={onDelete} aria-label={`Delete ${client.name}`}>
          <Trash2 /> Delete
        </Button>
      </div>
    </li>
  );
}
